import './ui.css';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface SearchInputProps {
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  placeholder: string;
  delay?: number;
}

/**
 * A search box that reports 300 ms after typing stops (Enter reports at once).
 * It follows the value from outside (the URL) unless the user is mid-typing.
 */
export function SearchInput({ value, onSearch, placeholder, delay = 300 }: SearchInputProps) {
  const [text, setText] = useState(value ?? '');
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (pending.current === null) setText(value ?? '');
  }, [value]);
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );

  const report = (next: string) => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
    const trimmed = next.trim();
    if (trimmed !== (value ?? '')) onSearch(trimmed || undefined);
  };

  return (
    <Input.Search
      className="search-input"
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      allowClear
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (pending.current !== null) clearTimeout(pending.current);
        pending.current = setTimeout(() => report(next), delay);
      }}
      onSearch={report}
    />
  );
}
