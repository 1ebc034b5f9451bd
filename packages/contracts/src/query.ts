/** A single value of a query parameter. Dates are sent as ISO instants. */
export type QueryScalar = string | number | boolean | Date;
export type QueryParamValue = QueryScalar | readonly (QueryScalar | null | undefined)[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryParamValue>>;

/** The text of one value, or null when it is to be left out. */
function scalarText(value: QueryScalar | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value === '' ? null : value;
}

/**
 * A query string without the leading '?' (§2, §7): arrays comma-joined,
 * null, undefined, '' and empty arrays left out (so are null or empty items
 * inside an array, NaN and invalid dates), booleans as true/false, dates as
 * ISO instants. Keys keep their order. Each value is percent-encoded, so a
 * comma inside a value arrives as %2C and only the joining commas are bare.
 */
export function encodeQuery(params: QueryParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const items = Array.isArray(value) ? value : [value];
    const texts = items
      .map((item: QueryScalar | null | undefined) => scalarText(item))
      .filter((text): text is string => text !== null);
    if (texts.length === 0) continue;
    parts.push(`${encodeURIComponent(key)}=${texts.map(encodeURIComponent).join(',')}`);
  }
  return parts.join('&');
}

/** `path` with its query appended; no '?' when nothing is left. */
export function withQuery(path: string, params: QueryParams): string {
  const query = encodeQuery(params);
  return query ? `${path}?${query}` : path;
}

/** A plain decimal: no exponent, hex, Infinity or spaces inside. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The lenient reading of a comma list (input.ts `commaIdList`) for the browser's URL: empty and
 * non-numeric items are skipped, null and undefined give [].
 */
export function parseCommaNumbers(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => DECIMAL.test(item))
    .map(Number);
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Whether a redirect target stays on this site (§2, §5): it starts with a
 * single '/', holds no backslash (browsers read it as '/'), no control
 * character (browsers drop tabs and newlines, which could turn '/\t/host'
 * into '//host') and no '//' in its path part; a query or fragment after it
 * may carry a full address. A path that starts with '/' cannot carry a
 * scheme; anything else ('https:', 'javascript:', 'mailto:') is refused.
 */
export function isSafeLocalPath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  if (path.includes('\\') || hasControlCharacter(path)) return false;
  const pathPart = path.split(/[?#]/, 1)[0];
  return !pathPart.includes('//');
}
