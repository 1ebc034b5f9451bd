import './search-query.css';
import { type CSSProperties, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { TextSpan } from '../lib/search-marks.ts';
import { SEARCH_ERROR_COLOR } from './search-query-texts.ts';

interface SearchQueryMirrorProps {
  /** The positioned element the mirror is placed in, with the text box somewhere inside it. */
  frame: RefObject<HTMLElement | null>;
  text: string;
  /** The erroneous span, 0-based, end exclusive. */
  error: TextSpan;
}

/** What the mirror copies from the input so that its characters fall exactly on the input's. */
const COPIED = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontVariant',
  'fontStretch',
  'fontFeatureSettings',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'textIndent',
  'lineHeight',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
] as const;

/**
 * Pixels the mirror reaches above and below the input: the wavy line hangs under the letters, and an input inside
 * antd's affix wrapper is only as high as its text. The text stays centred, so it still falls on the input's.
 */
const BLEED = 6;

function measure(input: HTMLInputElement, frame: HTMLElement): CSSProperties {
  const box = input.getBoundingClientRect();
  const outer = frame.getBoundingClientRect();
  const style = window.getComputedStyle(input);
  const copied: Record<string, string> = {};
  for (const name of COPIED) copied[name] = style[name];
  const bleed = (padding: string) => `calc(${padding || '0px'} + ${BLEED}px)`;
  return {
    ...copied,
    paddingTop: bleed(style.paddingTop),
    paddingBottom: bleed(style.paddingBottom),
    left: box.left - outer.left,
    top: box.top - outer.top - BLEED,
    width: box.width,
    height: box.height + 2 * BLEED,
  };
}

/**
 * The query again, in transparent letters, laid over the text box (no pointer events) with a red wavy line under
 * the erroneous span: an input cannot style part of its text. It takes the input's place, font and padding, and
 * follows the input's horizontal scroll.
 */
export function SearchQueryMirror({ frame, text, error }: SearchQueryMirrorProps) {
  const mirror = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  const inputOf = () => frame.current?.querySelector('input') ?? null;

  useLayoutEffect(() => {
    const outer = frame.current;
    const box = outer?.querySelector('input');
    if (!box || !outer) return;
    const follow = () => {
      if (mirror.current) mirror.current.scrollLeft = box.scrollLeft;
    };
    const update = () => {
      setPlace(measure(box, outer));
      requestAnimationFrame(follow);
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(box);
    // The input scrolls with typing, the caret keys, selection and the wheel; the mirror follows each.
    const events = ['scroll', 'input', 'keyup', 'keydown', 'select', 'click', 'focus', 'mouseup'] as const;
    const sync = () => requestAnimationFrame(follow);
    for (const name of events) box.addEventListener(name, sync);
    return () => {
      resize.disconnect();
      for (const name of events) box.removeEventListener(name, sync);
    };
  }, [frame]);

  // A new text or span: keep the scroll in step after React has drawn it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text and span are the trigger.
  useLayoutEffect(() => {
    const box = inputOf();
    if (mirror.current && box) mirror.current.scrollLeft = box.scrollLeft;
  }, [text, error.start, error.end]);

  const start = Math.min(error.start, text.length);
  const end = Math.min(Math.max(error.end, start), text.length);
  return (
    <div ref={mirror} className="search-query__mirror" style={place} aria-hidden="true">
      <span className="search-query__mirror-text">
        {text.slice(0, start)}
        <span className="search-query__error" style={{ textDecorationColor: SEARCH_ERROR_COLOR }}>
          {/* An error past the last character (the query broke off) underlines a space there. */}
          {end > start ? text.slice(start, end) : ' '}
        </span>
        {text.slice(end)}
      </span>
    </div>
  );
}
