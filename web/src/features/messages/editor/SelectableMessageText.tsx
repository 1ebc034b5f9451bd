import { stripMessageHtml } from '@monitoring/contracts';
import { Button, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TextSpan } from '../../../lib/search-marks.ts';
import type { TextHighlight } from '../../../ui/message-markup.ts';
import { SafeMessageText } from '../../../ui/SafeMessageText.tsx';
import { rangeToOffsets } from '../../../ui/text-offsets.ts';

export interface TextSelection {
  start: number;
  end: number;
  /** The selected text as the server will check it: source.slice(start, end). */
  text: string;
}

interface PopoverPlace {
  left: number;
  top: number;
}

interface SelectableMessageTextProps {
  text: string;
  highlights: readonly TextHighlight[];
  /**
   * What the list's search found, drawn as <mark>. The spans are offsets into the text and add no character to
   * it, so a selection over them still gives offsets into the text (ui/text-offsets).
   */
  marks?: readonly TextSpan[];
  /** Without these the text is read-only. */
  onCreateFragment?: (selection: TextSelection) => Promise<unknown>;
  onCreateQuote?: (selection: TextSelection) => Promise<unknown>;
}

/**
 * Message text with fragment highlights where the mouse selects a span (§3 "Text
 * selection"): the selection is tracked while the button is held and read on
 * release as start/end offsets into the text, then a small popover offers
 * «Создать фрагмент» and «Создать цитату». Shift + arrows work too.
 */
export function SelectableMessageText({
  text,
  highlights,
  marks,
  onCreateFragment,
  onCreateQuote,
}: SelectableMessageTextProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const selecting = useRef(false);
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const [place, setPlace] = useState<PopoverPlace | null>(null);
  const [busy, setBusy] = useState(false);
  const source = useMemo(() => stripMessageHtml(text), [text]);
  const editable = Boolean(onCreateFragment || onCreateQuote);

  const readSelection = useCallback(() => {
    const root = textRef.current;
    const box = wrapper.current;
    const current = window.getSelection();
    if (!root || !box || !current || current.rangeCount === 0) return;
    const range = current.getRangeAt(0);
    const offsets = rangeToOffsets(root, range, source);
    if (!offsets) {
      setSelection(null);
      return;
    }
    setSelection({ ...offsets, text: source.slice(offsets.start, offsets.end) });
    const rect = range.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    setPlace({ left: rect.left - outer.left + rect.width / 2, top: rect.bottom - outer.top + 6 });
  }, [source]);

  // The button may be released outside the text: listen on the document while selecting.
  useEffect(() => {
    if (!editable) return;
    const onUp = () => {
      if (!selecting.current) return;
      selecting.current = false;
      readSelection();
    };
    document.addEventListener('mouseup', onUp);
    return () => document.removeEventListener('mouseup', onUp);
  }, [editable, readSelection]);

  const close = () => {
    setSelection(null);
    setPlace(null);
    window.getSelection()?.removeAllRanges();
  };

  const act = async (action: ((selection: TextSelection) => Promise<unknown>) | undefined) => {
    if (!action || !selection) return;
    setBusy(true);
    try {
      await action(selection);
      close();
    } catch {
      // The client has told the user; the selection stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="selectable-text" ref={wrapper}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: selection works on plain text; the popover buttons are the controls. */}
      <div
        className="selectable-text__body"
        onMouseDown={() => {
          if (!editable) return;
          selecting.current = true;
          setSelection(null);
        }}
        onKeyUp={(event) => {
          if (editable && event.shiftKey) readSelection();
          if (event.key === 'Escape') close();
        }}
      >
        <SafeMessageText
          ref={textRef}
          text={source}
          highlights={highlights}
          marks={marks}
          className="selectable-text__text"
        />
      </div>
      {selection && place ? (
        <div
          className="selection-popover"
          role="dialog"
          aria-label="Выделенный текст"
          style={{ left: place.left, top: place.top }}
          onMouseDown={(event) => event.preventDefault()}
        >
          <Space size={4}>
            {onCreateFragment ? (
              <Button size="small" type="primary" loading={busy} onClick={() => act(onCreateFragment)}>
                Создать фрагмент
              </Button>
            ) : null}
            {onCreateQuote ? (
              <Button size="small" loading={busy} onClick={() => act(onCreateQuote)}>
                Создать цитату
              </Button>
            ) : null}
            <Button size="small" type="text" aria-label="Закрыть" onClick={close}>
              ✕
            </Button>
          </Space>
        </div>
      ) : null}
    </div>
  );
}
