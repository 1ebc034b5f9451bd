// Formatting that both the browser and the server (Excel and Word reports) need.
// Russian conventions: decimal comma, тыс./млн/млрд, three plural forms.

/** Largest unit first; §9 writes billions 'млрд' (one place 'млд', a typo we do not copy). */
const NUMBER_UNITS = [
  { value: 1, suffix: '' },
  { value: 1e3, suffix: 'тыс.' },
  { value: 1e6, suffix: 'млн' },
  { value: 1e9, suffix: 'млрд' },
] as const;

/** 12345 hundredths → '123,45'; 12340 → '123,4'; 12300 → '123'. */
function hundredthsToRu(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}

/**
 * 1250 → '1,25 тыс.', 3 400 000 → '3,4 млн', 2e9 → '2 млрд', 999 → '999'.
 * At most two decimals, rounded half up, with a decimal comma and no trailing
 * zeros. A value that rounds up to 1000 of a unit moves to the next unit
 * (999 999 → '1 млн'). Anything above billions stays in млрд. Null, undefined
 * and non-finite numbers give '0'.
 */
export function abbreviateNumber(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0';
  const abs = Math.abs(n);
  let unit = 0;
  while (unit < NUMBER_UNITS.length - 1 && abs >= NUMBER_UNITS[unit + 1].value) unit++;
  // Rounded in hundredths of the unit: 1255 / 10 is exact where 1.255 * 100 is not.
  let hundredths = Math.round(abs / (NUMBER_UNITS[unit].value / 100));
  while (hundredths >= 100_000 && unit < NUMBER_UNITS.length - 1) {
    unit++;
    hundredths = Math.round(abs / (NUMBER_UNITS[unit].value / 100));
  }
  const sign = n < 0 && hundredths > 0 ? '-' : '';
  const { suffix } = NUMBER_UNITS[unit];
  return `${sign}${hundredthsToRu(hundredths)}${suffix ? ` ${suffix}` : ''}`;
}

const RU_NUMBER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/**
 * A full number the Russian way: groups split by a no-break space, decimal
 * comma, at most two decimals (1234567.891 → '1 234 567,89'). Null,
 * undefined and non-finite numbers give '0'.
 */
export function formatNumber(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0';
  return RU_NUMBER.format(n);
}

/** Forms for one, few and many: ['год', 'года', 'лет']. */
export type RuPluralForms = readonly [one: string, few: string, many: string];

export const YEAR_FORMS: RuPluralForms = ['год', 'года', 'лет'];

/**
 * The Russian plural form for n: 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20,
 * 11–14, 111 → many. Fractions take the few form (1,5 года); the sign is
 * ignored.
 */
export function pluralRu(n: number, forms: RuPluralForms): string {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return forms[1];
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** 21 → '21 год', 23 → '23 года', 25 → '25 лет'; no age → ''. */
export function formatAge(age: number | null | undefined): string {
  if (typeof age !== 'number' || !Number.isFinite(age)) return '';
  return `${age} ${pluralRu(age, YEAR_FORMS)}`;
}

// Dates. The formats are dayjs patterns for the browser; the helpers below
// need no date library, for the server and for tests.

export const DATE_FORMAT = 'DD MMMM YYYY';
export const TIME_FORMAT = 'HH:mm';
export const BIRTH_DATE_DISPLAY_FORMAT = 'DD.MM.YYYY';
export const BIRTH_DATE_API_FORMAT = 'YYYY-MM-DD';

/** Birth dates are sent shifted to UTC+3 (§3); Moscow time has no daylight saving. */
export const MOSCOW_UTC_OFFSET_MINUTES = 180;

/** Month names as 'DD MMMM YYYY' prints them in Russian: the genitive. */
export const RU_MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The wall clock at a fixed UTC offset, read through the UTC getters. */
function atOffset(date: Date, offsetMinutes: number): Date | null {
  const time = date.getTime();
  return Number.isNaN(time) ? null : new Date(time + offsetMinutes * 60_000);
}

/** 'DD MMMM YYYY' at a fixed offset (Moscow by default): '05 марта 2025'. Invalid date → ''. */
export function formatDateRu(date: Date, offsetMinutes: number = MOSCOW_UTC_OFFSET_MINUTES): string {
  const shifted = atOffset(date, offsetMinutes);
  if (!shifted) return '';
  const month = RU_MONTHS_GENITIVE[shifted.getUTCMonth()];
  return `${pad2(shifted.getUTCDate())} ${month} ${shifted.getUTCFullYear()}`;
}

/** 'HH:mm' at a fixed offset (Moscow by default). Invalid date → ''. */
export function formatTimeRu(date: Date, offsetMinutes: number = MOSCOW_UTC_OFFSET_MINUTES): string {
  const shifted = atOffset(date, offsetMinutes);
  if (!shifted) return '';
  return `${pad2(shifted.getUTCHours())}:${pad2(shifted.getUTCMinutes())}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in Moscow time, as birth dates are sent (§3). */
export function toMoscowIsoDate(date: Date): string {
  const shifted = atOffset(date, MOSCOW_UTC_OFFSET_MINUTES);
  if (!shifted) return '';
  return `${shifted.getUTCFullYear()}-${pad2(shifted.getUTCMonth() + 1)}-${pad2(shifted.getUTCDate())}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** '1990-05-12' (a time part is ignored) → '12.05.1990'; anything else → ''. */
export function birthDateToDisplay(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso ?? '');
  if (!match) return '';
  const [, year, month, day] = match;
  if (!isRealDate(Number(year), Number(month), Number(day))) return '';
  return `${day}.${month}.${year}`;
}

/** '12.05.1990' → '1990-05-12'; not a real date in that shape → null. */
export function birthDateFromDisplay(display: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(display.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month}-${day}`;
}

// Message text (§5): no emoji, no HTML but <mark> and <br>.

/**
 * One emoji: a keycap (1️⃣), anything with emoji presentation (😀, ⌚, a
 * regional indicator of a flag), a pictograph made emoji by U+FE0F (❤️, ©️),
 * or a pictograph from U+2600 on (☀, ✂, ❤). Pictographs below U+2600 without
 * U+FE0F (©, ®, ™, ↔, ▶) are ordinary text symbols and stay. Then its
 * variation selectors, skin tones and tag characters (subdivision flags).
 */
const EMOJI_UNIT = String.raw`(?:[#*0-9]\uFE0F?\u20E3|\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|(?=\p{Extended_Pictographic})[\u2600-\u{10FFFF}])[\uFE0E\uFE0F\p{Emoji_Modifier}\u{E0020}-\u{E007F}]*`;

/**
 * A unit with the ZWJ that joins it to the next one, so a ZWJ sequence
 * (👨‍👩‍👧, 🏳️‍🌈) goes unit by unit and leaves no joiner behind; and stray
 * U+FE0F. A ZWJ not after an emoji (Indic scripts) stays.
 */
const EMOJI = new RegExp(String.raw`${EMOJI_UNIT}\u200D?|\uFE0F`, 'gu');

/** Removes emoji, including ZWJ sequences, skin tones, flags and keycaps. */
export function stripEmoji(text: string): string {
  return text.replace(EMOJI, '');
}

const isAsciiLetter = (ch: string | undefined) => ch !== undefined && /^[A-Za-z]$/.test(ch);
const isHtmlSpace = (ch: string | undefined) =>
  ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';

/** Elements whose content is code, not text: their content goes with them. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style']);

/** Tag name from `start` up to a space, '/' or '>', ASCII-lowercased as HTML does. */
function readTagName(text: string, start: number): string {
  let end = start;
  while (end < text.length && !isHtmlSpace(text[end]) && text[end] !== '/' && text[end] !== '>') end++;
  return text.slice(start, end).replace(/[A-Z]/g, (ch) => ch.toLowerCase());
}

/**
 * Where the tag whose name starts at `from` ends: just past its '>', skipping
 * a '>' inside a quoted attribute value. Null when the text ends inside the
 * tag, which a browser drops.
 */
function tagEnd(text: string, from: number): number | null {
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '>') return i + 1;
    i++;
    if (ch !== '=') continue;
    while (isHtmlSpace(text[i])) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") continue;
    const close = text.indexOf(quote, i + 1);
    if (close === -1) return null;
    i = close + 1;
  }
  return null;
}

/** Just past a comment opened at `start`; the rest of the text when it never closes. */
function commentEnd(text: string, start: number): number {
  const body = start + 4;
  if (text.startsWith('>', body)) return body + 1;
  if (text.startsWith('->', body)) return body + 2;
  const close = /--!?>/g;
  close.lastIndex = body;
  const match = close.exec(text);
  return match ? match.index + match[0].length : text.length;
}

/** Just past the end tag of a script or style element, or null when there is none. */
function rawTextEnd(text: string, name: string, from: number): number | null {
  const endTag = new RegExp(`</${name}(?=[\\t\\n\\f\\r />]|$)`, 'gi');
  endTag.lastIndex = from;
  const match = endTag.exec(text);
  if (!match) return null;
  return tagEnd(text, match.index + match[0].length) ?? text.length;
}

/** One left-to-right pass over the text; see stripMessageHtml. */
function stripTagsOnce(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt === -1) return out + text.slice(i);
    out += text.slice(i, lt);
    if (text.startsWith('<!--', lt)) {
      i = commentEnd(text, lt);
      continue;
    }
    const next = text[lt + 1];
    const isEndTag = next === '/';
    const nameStart = isEndTag ? lt + 2 : lt + 1;
    if (isAsciiLetter(text[nameStart])) {
      const name = readTagName(text, nameStart);
      const end = tagEnd(text, nameStart);
      if (end === null) return out;
      i = end;
      if (name === 'mark') out += isEndTag ? '</mark>' : '<mark>';
      else if (name === 'br') out += '<br>';
      else if (!isEndTag && RAW_TEXT_ELEMENTS.has(name)) i = rawTextEnd(text, name, end) ?? end;
      continue;
    }
    if (next === '!' || next === '?' || isEndTag) {
      // A bogus comment to a browser: hidden up to the next '>'.
      const close = text.indexOf('>', lt + 1);
      i = close === -1 ? text.length : close + 1;
      continue;
    }
    // '<' before a space, digit or another '<' is text to a browser too.
    out += '<';
    i = lt + 1;
  }
  return out;
}

/**
 * Message text for display (§5): emoji removed, every HTML tag removed except
 * <mark>, </mark> and <br>, which come out bare (`<mark onclick=x>` → `<mark>`,
 * `<BR/>` and `</br>` → `<br>`). Comments, doctypes and processing
 * instructions go too. Nothing is escaped, so entities (`&lt;`) stay as they
 * are and the result is meant for innerHTML.
 *
 * Decisions:
 * - The content of <script> and <style> is dropped with its tags: it is code,
 *   never message text. Without a closing tag only the opening tag goes and
 *   the rest stays as text (a post that mentions "<script>" keeps its words).
 * - A tag cut off by the end of the text is dropped, as a browser drops it.
 * - Removing a tag can join text into a new tag (`<<b>script>`), so passes
 *   repeat until nothing changes. No pass makes the text longer, and one that
 *   keeps its length only lowercases <mark>/<br>, so this ends.
 */
export function stripMessageHtml(text: string | null | undefined): string {
  let current = text ?? '';
  while (true) {
    const next = stripTagsOnce(stripEmoji(current));
    if (next === current) return next;
    current = next;
  }
}
