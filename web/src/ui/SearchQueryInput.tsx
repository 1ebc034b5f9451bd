import './ui.css';
import './search-query.css';
import { CloseCircleFilled } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { readSearchHistory, rememberSearch } from '../lib/search-history.ts';
import { checkSearchQuery } from '../lib/search-query-check.ts';
import { SearchQueryMirror } from './SearchQueryMirror.tsx';
import { SearchSyntaxHelp } from './SearchSyntaxHelp.tsx';
import { SEARCH_ERROR_COLOR, SEARCH_QUERY_TEXTS as TEXTS } from './search-query-texts.ts';

interface SearchQueryInputProps {
  /** The search in force (the URL's). */
  value: string | undefined;
  /** Gets a valid search, trimmed, or undefined for none; never an invalid one. */
  onSearch: (value: string | undefined) => void;
  /** The box's accessible name, «Поиск по тексту сообщений» unless told. */
  label?: string;
  placeholder?: string;
  /** Milliseconds after typing stops before the search is reported. */
  delay?: number;
}

/**
 * The box of a message text search in the query language (contracts search-query.ts). It checks the query as it
 * is typed: once typing stops, an error shows under the box, and its span is underlined in the box; an invalid
 * query is never reported, so the list keeps the last valid one. A valid one is reported 400 ms after typing stops
 * and at once on Enter. It follows the value from outside unless the user is mid-typing. Queries sent with Enter,
 * picked from the list or left by moving away are kept as recent ones (lib/search-history) and offered when the
 * box has focus. «?» opens the syntax.
 */
export function SearchQueryInput({
  value,
  onSearch,
  label = TEXTS.label,
  placeholder = TEXTS.placeholder,
  delay = 400,
}: SearchQueryInputProps) {
  const [text, setText] = useState(value ?? '');
  // The text as it stood when typing last stopped: its error is the one shown.
  const [settled, setSettled] = useState(value ?? '');
  const [history, setHistory] = useState<string[]>(readSearchHistory);
  // The recent queries show whenever the box has focus (and some fit what is typed), as the list itself opens them.
  const [open, setOpen] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clearing = useRef(false);
  const frame = useRef<HTMLDivElement>(null);
  const messageId = useId();
  // The timers report with what is current when they fire, not when they were set.
  const latest = useRef({ value, onSearch });
  latest.current = { value, onSearch };

  useEffect(() => {
    if (pending.current !== null) return;
    setText(value ?? '');
    setSettled(value ?? '');
  }, [value]);
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );

  const cancel = () => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
  };

  const report = (next: string, remember: boolean) => {
    cancel();
    setSettled(next);
    const checked = checkSearchQuery(next);
    if (!checked.ok) return;
    if ((checked.search ?? '') !== (latest.current.value ?? '')) latest.current.onSearch(checked.search);
    if (remember && checked.search) setHistory(rememberSearch(checked.search));
  };

  const schedule = (next: string, wait: number, remember = false) => {
    cancel();
    pending.current = setTimeout(() => report(next, remember), wait);
  };

  const check = useMemo(() => checkSearchQuery(text), [text]);
  const error = !check.ok && text === settled ? check : null;
  const trimmed = text.trim().toLowerCase();
  const recent = history.filter(
    (query) => query.toLowerCase() !== trimmed && query.toLowerCase().includes(trimmed),
  );
  const options = recent.length
    ? [{ label: TEXTS.history, options: recent.map((query) => ({ value: query, label: query })) }]
    : [];

  return (
    <div className="search-query">
      <div className="search-query__row">
        <div className="search-query__field" ref={frame}>
          <AutoComplete
            className="search-query__box"
            value={text}
            options={options}
            defaultActiveFirstOption={false}
            open={open && options.length > 0}
            onOpenChange={setOpen}
            status={error ? 'error' : undefined}
            onChange={(next: string) => {
              setText(next);
              setOpen(true);
              if (clearing.current) {
                clearing.current = false;
                report(next, false);
              } else {
                schedule(next, delay);
              }
            }}
            onSelect={(query: string) => {
              setText(query);
              report(query, true);
            }}
          >
            <Input
              aria-label={label}
              placeholder={placeholder}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
              allowClear={{ clearIcon: <CloseCircleFilled aria-label={TEXTS.clear} /> }}
              onChange={(event) => {
                // The clear button: no need to wait for more typing.
                if (event.type === 'click') clearing.current = true;
              }}
              // After the list has had its turn: Enter on a highlighted recent query picks that one instead.
              onPressEnter={(event) => schedule(event.currentTarget.value, 0, true)}
              onFocus={() => setOpen(true)}
              onBlur={() => {
                if (pending.current !== null || text !== settled) report(text, true);
                else if (check.ok && check.search) setHistory(rememberSearch(check.search));
              }}
            />
          </AutoComplete>
          {error ? <SearchQueryMirror frame={frame} text={text} error={error.span} /> : null}
        </div>
        <SearchSyntaxHelp />
      </div>
      <div
        id={messageId}
        className="search-query__message"
        aria-live="polite"
        style={{ color: SEARCH_ERROR_COLOR }}
      >
        {error ? error.message : null}
      </div>
    </div>
  );
}
