import { parseSearchQuery } from '@monitoring/contracts';
import type { TextSpan } from './search-marks.ts';

/** A message search box's text: the search to send (none for an empty box), or what is wrong and where. */
export type SearchQueryCheck =
  | { ok: true; search: string | undefined }
  | { ok: false; message: string; span: TextSpan };

/**
 * Checks the text of a search box with the parser the server uses (contracts search-query.ts). The text is parsed
 * as typed, so the span is where the box shows it; the search sent is trimmed, as the server trims it.
 */
export function checkSearchQuery(text: string): SearchQueryCheck {
  const search = text.trim();
  if (!search) return { ok: true, search: undefined };
  const parsed = parseSearchQuery(text);
  if (parsed.ok) return { ok: true, search };
  const start = parsed.error.position - 1;
  return { ok: false, message: parsed.error.message, span: { start, end: start + parsed.error.length } };
}
