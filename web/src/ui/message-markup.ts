import { stripMessageHtml } from '@monitoring/contracts';
import type { TextSpan } from '../lib/search-marks.ts';

// Message text (product.md §5) as a list of pieces React renders one by one, so no
// string from the data ever reaches innerHTML. Offsets are positions in the text
// as the API sends it (fragment start/end use the same coordinates, end exclusive).

/** A highlighted span of the text (§3 "Message highlight"). */
export interface TextHighlight {
  start: number;
  end: number;
  color: string;
  /** Shown as the span's title. */
  title?: string;
}

export interface TextPiece {
  kind: 'text';
  /** Offset of the first character in the source text. */
  start: number;
  end: number;
  text: string;
  /** Inside <mark>…</mark> of the source, or inside a span a search found (drawn as <mark> too). */
  marked: boolean;
  highlight: TextHighlight | null;
}

export interface BreakPiece {
  kind: 'break';
  start: number;
  end: number;
}

export type MessagePiece = TextPiece | BreakPiece;

const TAG = /<mark>|<\/mark>|<br>/g;

interface Run {
  start: number;
  end: number;
  marked: boolean;
}

/** Text runs and line breaks of text that stripMessageHtml has already made safe. */
function runsOf(safe: string): (Run | BreakPiece)[] {
  const runs: (Run | BreakPiece)[] = [];
  let marked = false;
  let last = 0;
  for (const match of safe.matchAll(TAG)) {
    const at = match.index;
    if (at > last) runs.push({ start: last, end: at, marked });
    if (match[0] === '<br>') runs.push({ kind: 'break', start: at, end: at + match[0].length });
    else marked = match[0] === '<mark>';
    last = at + match[0].length;
  }
  if (last < safe.length) runs.push({ start: last, end: safe.length, marked });
  return runs;
}

/** The highlight on top at `offset`: the last one in the list that covers it. */
function highlightAt(highlights: readonly TextHighlight[], offset: number): TextHighlight | null {
  for (let i = highlights.length - 1; i >= 0; i--) {
    const h = highlights[i];
    if (h.start <= offset && offset < h.end) return h;
  }
  return null;
}

/** Splits one run at every highlight and search mark boundary inside it. */
function splitRun(
  safe: string,
  run: Run,
  highlights: readonly TextHighlight[],
  marks: readonly TextSpan[],
): TextPiece[] {
  const cuts = new Set([run.start, run.end]);
  for (const h of [...highlights, ...marks]) {
    if (h.start > run.start && h.start < run.end) cuts.add(h.start);
    if (h.end > run.start && h.end < run.end) cuts.add(h.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: TextPiece[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i];
    const end = points[i + 1];
    const highlight = highlightAt(highlights, start);
    const marked = run.marked || marks.some((m) => m.start <= start && start < m.end);
    const previous = pieces[pieces.length - 1];
    if (previous && previous.highlight === highlight && previous.marked === marked) {
      previous.end = end;
      previous.text = safe.slice(previous.start, end);
      continue;
    }
    pieces.push({ kind: 'text', start, end, text: safe.slice(start, end), marked, highlight });
  }
  return pieces;
}

const isSpan = (h: TextSpan) => Number.isFinite(h.start) && Number.isFinite(h.end) && h.end > h.start;

/**
 * The message text (§5: emoji and every tag but <mark>/<br> removed) split into
 * pieces: text with its source offsets, its <mark> state and the highlight on
 * top, and line breaks. `marks` are the spans a search found (lib/search-marks),
 * drawn as <mark> without adding a character to the offsets. Highlights and marks
 * with an empty or inverted span are ignored.
 */
export function messagePieces(
  text: string | null | undefined,
  highlights: readonly TextHighlight[] = [],
  marks: readonly TextSpan[] = [],
) {
  const safe = stripMessageHtml(text);
  const valid = highlights.filter(isSpan);
  const validMarks = marks.filter(isSpan);
  const pieces: MessagePiece[] = [];
  for (const run of runsOf(safe)) {
    if ('kind' in run) pieces.push(run);
    else pieces.push(...splitRun(safe, run, valid, validMarks));
  }
  return { safe, pieces };
}
