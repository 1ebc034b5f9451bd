import { formatDateRu, formatTimeRu, stripMessageHtml } from '@monitoring/contracts';
import { isMoscowMidnight, moscowWallClock } from '../moscow-calendar.ts';

/** Excel refuses a cell longer than 32,767 characters; keep room for the ellipsis. */
export const EXCEL_MAX_CELL = 32_000;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * Characters an Office XML file may not hold (C0 controls but tab and line
 * breaks, U+FFFE/U+FFFF, unpaired surrogates): one of them makes the whole
 * file unreadable, so they go.
 */
const XML_INVALID = new RegExp(
  [
    '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]',
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
  'g',
);

export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, '');
}

/**
 * Message text for a file: the displayed text of §5 (stripMessageHtml: no
 * emoji, no HTML but <mark> and <br>), then <br> as a line break and <mark>
 * dropped, since a file shows no highlight; entities decoded, as a browser
 * would show them.
 */
export function plainMessageText(html: string | null | undefined): string {
  const shown = stripMessageHtml(html)
    .replace(/<br>/g, '\n')
    .replace(/<\/?mark>/g, '');
  return xmlSafe(decodeEntities(shown))
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts a text to `max` characters with an ellipsis, never inside a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** '05.03.2025' in Moscow time. */
export function shortDate(instant: Date): string {
  const wall = moscowWallClock(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(wall.getUTCDate())}.${pad(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
}

/** '05 марта 2025 14:30' (Moscow), the time left out at midnight. */
function boundText(instant: Date, withTime: boolean): string {
  return withTime ? `${formatDateRu(instant)} ${formatTimeRu(instant)}` : formatDateRu(instant);
}

export interface Period {
  /** Inclusive. */
  wrote_at_after?: Date;
  /** Exclusive, as the parsed filter holds it. */
  wrote_at_before?: Date;
}

/** The period in words for a title: '01 марта 2025 — 31 марта 2025', 'с …', 'по …', 'за всё время'. */
export function periodText({ wrote_at_after: after, wrote_at_before: before }: Period): string {
  const from = after ? boundText(after, !isMoscowMidnight(after)) : null;
  // `before` is exclusive: a whole day ends at the next midnight, a time is the instant just before.
  const to = before
    ? isMoscowMidnight(before)
      ? formatDateRu(new Date(before.getTime() - 1))
      : boundText(new Date(before.getTime() - 1), true)
    : null;
  if (from && to) return from === to ? from : `${from} — ${to}`;
  if (from) return `с ${from}`;
  if (to) return `по ${to}`;
  return 'за всё время';
}

/** The period for a file name: '01.03.2025–31.03.2025', or the day of the report when open-ended. */
export function periodForFileName(
  { wrote_at_after: after, wrote_at_before: before }: Period,
  now: Date,
): string {
  const from = after ? shortDate(after) : null;
  const to = before ? shortDate(new Date(before.getTime() - 1)) : null;
  if (from && to) return from === to ? from : `${from}–${to}`;
  if (from) return `с ${from}`;
  if (to) return `по ${to}`;
  return `на ${shortDate(now)}`;
}

/** 'да' / 'нет' for the flags of a filter. */
export const yesNo = (value: boolean) => (value ? 'да' : 'нет');
