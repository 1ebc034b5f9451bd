import { z } from 'zod';
import { ru } from 'zod/v4/locales';
import { MAX_PAGE_SIZE } from './paging.ts';

// Zod's own messages (a missing field, a wrong type) in Russian, for every schema that gives no message of its own:
// an answer 400 never says "Invalid input: expected string, received undefined".
z.config(ru());

/**
 * The building blocks of every request schema: ids, id lists, text and strict bodies. Hostile input is normal
 * input (booleans or 2^63 where an id belongs, NUL bytes, unpaired surrogates), so each rule lives here once and
 * every contract builds on it.
 */

/** The largest id PostgreSQL's `integer` holds. */
export const MAX_ID = 2_147_483_647;
/** Most ids one bulk call may name: a page of the list is at most 500. */
export const MAX_BULK_IDS = 1000;
/** Most ids a comma list in a query may name (a filter over a whole directory). */
export const MAX_LIST_IDS = 10_000;

/** An id in a JSON body: a whole number from 1 to MAX_ID, and nothing else (not `true`, not "1"). */
export const idField = z
  .number({ error: 'ожидается идентификатор (целое число)' })
  .int({ error: 'ожидается целое число' })
  .min(1, { error: 'идентификатор должен быть положительным' })
  .max(MAX_ID, { error: 'слишком большой идентификатор' });

/**
 * A whole number from 1 to `max` in a path or a query: its decimal digits ("12"); a number is taken as is.
 * Signs, fractions, exponents, hex and booleans are refused.
 */
export function positiveIntParam(max: number = MAX_ID, error = 'ожидается целое положительное число') {
  return z.union([z.string(), z.number()], { error }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const n = Number(text);
    if (!/^\d{1,10}$/.test(text) || n < 1) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: `не больше ${max}` });
      return z.NEVER;
    }
    return n;
  });
}

/** An id in a path or a query. */
export const idParam = positiveIntParam(MAX_ID, 'ожидается идентификатор (целое положительное число)');

/** The page of a list, 1 by default. */
export const pageParam = positiveIntParam(MAX_ID).default(1);

/** The size of a list's page: `fallback` by default, at most `max`. */
export function pageSizeParam(fallback: number, max: number = MAX_PAGE_SIZE) {
  return positiveIntParam(max).default(fallback);
}

/** A non-empty list of ids in a JSON body, at most MAX_BULK_IDS. */
export const idList = z
  .array(idField, { error: 'ожидается список идентификаторов' })
  .min(1, { error: 'список не может быть пустым' })
  .max(MAX_BULK_IDS, { error: `не более ${MAX_BULK_IDS} элементов` });

/** One id or a list of ids. */
export const idOrIds = z.union([idField.transform((id) => [id]), idList], {
  error: 'ожидается идентификатор или список идентификаторов',
});

/** The `{id}` of a path. */
export const idParams = z.object({ id: idParam });

const INTEGER = /^\d+$/;

/**
 * A comma list of ids: "1,2,,3" in a query, [1, 2] or "1,2" in a JSON body; empty items dropped, repeats
 * dropped, at most MAX_LIST_IDS. `allowed` narrows it to the constants of the spec.
 */
export function commaIdList(allowed?: readonly number[]) {
  const item = z.union([z.string(), z.number()]);
  return z.union([item, z.array(item)]).transform((input, ctx) => {
    const items = (Array.isArray(input) ? input : [input]).flatMap((value) =>
      typeof value === 'number' ? [String(value)] : value.split(','),
    );
    const ids = new Set<number>();
    for (const raw of items) {
      const text = raw.trim();
      if (text === '') continue;
      const id = Number(text);
      if (!INTEGER.test(text) || id > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: `ожидается список чисел через запятую, «${text}» не число` });
        return z.NEVER;
      }
      if (allowed && !allowed.includes(id)) {
        ctx.addIssue({
          code: 'custom',
          message: `недопустимое значение ${id}, ожидается одно из ${allowed.join(', ')}`,
        });
        return z.NEVER;
      }
      ids.add(id);
    }
    if (ids.size > MAX_LIST_IDS) {
      ctx.addIssue({ code: 'custom', message: `не более ${MAX_LIST_IDS} значений` });
      return z.NEVER;
    }
    return [...ids];
  });
}

/**
 * An object that refuses unknown keys and names the first one as the offending field (zod's own strict object
 * reports them at the object, without a path).
 */
export function strictBody<S extends z.ZodRawShape>(shape: S) {
  const known = new Set(Object.keys(shape));
  return z.preprocess(
    (value, ctx) => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const key of Object.keys(value)) {
          if (!known.has(key))
            ctx.addIssue({ code: 'custom', message: 'неизвестное поле', path: [key], input: value });
        }
      }
      return value;
    },
    z.strictObject(shape, { error: 'ожидается объект JSON' }),
  );
}

/**
 * Most levels of arrays and objects a JSON body (or an NDJSON line) may nest. The deepest bodies the contracts
 * declare nest 3 (a mass update's filter, a new-dashboard chart's filters; server/src/hostile-holes.test.ts
 * measures them all); deeper text is refused before it is parsed, so no walk over it (the unsafe-text check, a
 * schema) can run out of stack.
 */
export const MAX_JSON_DEPTH = 32;

/** The message for JSON text nested deeper than MAX_JSON_DEPTH. */
export const JSON_TOO_DEEP_MESSAGE = `вложенность массивов и объектов JSON глубже ${MAX_JSON_DEPTH} уровней`;

/**
 * Whether JSON text nests arrays and objects deeper than `max` levels. It reads the text once, without parsing and
 * without recursion; brackets inside strings don't count. Malformed text is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The message for text that PostgreSQL could not store as sent. */
export const UNSAFE_TEXT_MESSAGE = 'текст содержит недопустимые символы (нулевой байт или непарный суррогат)';

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text without a NUL byte or an unpaired surrogate. */
export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The path of the first string inside any input (a body, a query, path params) that holds a NUL byte or an
 * unpaired surrogate, or null when there is none. PostgreSQL refuses the first and silently stores the second
 * as U+FFFD, so neither may reach it: every request schema is checked by it before it parses.
 */
export function findUnsafeText(value: unknown): (string | number)[] | null {
  // The path is built only on the way back from a find, so a clean input allocates nothing.
  if (typeof value === 'string') return isSafeText(value) ? null : [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i]);
      if (found) return [i, ...found];
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [key];
      const found = findUnsafeText(item);
      if (found) return [key, ...found];
    }
  }
  return null;
}

/**
 * A request schema that first refuses unsafe text anywhere in its input (naming the field), then parses with
 * `schema`. The server wraps every route's body, query and params schema in it.
 */
export function safeInput<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findUnsafeText(value);
      if (path) ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE, path, input: value });
    })
    .pipe(schema);
}
