import { stripMessageHtml } from '@monitoring/contracts';

// What a search found in a message, as spans of the text the page already shows. The server sends the text with
// `<mark>…</mark>` put around the matches (`highlighted_text`); the message text itself may hold <mark> and <br>
// too, and fragments and selections count offsets in it. So the matches are read back as offsets into the text:
// the added tags take no room, and the text, its offsets and its own tags stay as they are.

export interface TextSpan {
  start: number;
  end: number;
}

const OPEN = '<mark>';
const CLOSE = '</mark>';

/**
 * The spans of `text` that `highlighted` marks, where `highlighted` is `text` with `<mark>` and `</mark>` added.
 * A tag at a place where the text has the same tag is taken as the text's own. Null when `highlighted` is not
 * `text` with added tags (another version of the message, another cleaning): then it cannot be laid over the text.
 */
export function searchMarkSpans(text: string, highlighted: string): TextSpan[] | null {
  const spans: TextSpan[] = [];
  let i = 0;
  let j = 0;
  let open: number | null = null;
  while (j < highlighted.length) {
    if (highlighted.startsWith(OPEN, j) && !text.startsWith(OPEN, i)) {
      open ??= i;
      j += OPEN.length;
    } else if (highlighted.startsWith(CLOSE, j) && !text.startsWith(CLOSE, i)) {
      if (open !== null && i > open) spans.push({ start: open, end: i });
      open = null;
      j += CLOSE.length;
    } else if (text[i] === highlighted[j]) {
      i += 1;
      j += 1;
    } else {
      return null;
    }
  }
  if (i !== text.length) return null;
  if (open !== null && i > open) spans.push({ start: open, end: i });
  return spans;
}

/**
 * The spans to mark in a message text as the page shows it (contracts stripMessageHtml, the offsets of fragments
 * and selections); none when there is no highlighted text or it does not lie over the text.
 */
export function searchMarksOf(text: string, highlighted: string | undefined): TextSpan[] {
  if (highlighted === undefined) return [];
  return searchMarkSpans(stripMessageHtml(text), stripMessageHtml(highlighted)) ?? [];
}

/**
 * The text a list shows for a message and the spans to mark in it: the message text with the search's matches
 * laid over it, or, when they cannot be, the highlighted text as the server sent it (made safe by the renderer
 * like any message text, its <mark> kept).
 */
export function textWithSearchMarks(
  text: string,
  highlighted: string | undefined,
): { text: string; marks: readonly TextSpan[] } {
  if (highlighted === undefined) return { text, marks: [] };
  const marks = searchMarkSpans(stripMessageHtml(text), stripMessageHtml(highlighted));
  return marks ? { text, marks } : { text: highlighted, marks: [] };
}
