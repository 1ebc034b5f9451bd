/**
 * Every API path is declared once, as a pattern, in the contracts module of its area: an
 * exported object whose name ends in `_PATHS`, such as
 * `LOM_PATHS.detail = '/api/v1/loms/:id/'`. The server registers its routes from these
 * patterns (Fastify reads `:name` the same way), the web client and the e2e tests fill them in
 * with `apiPath`. server/src/path-catalogue.test.ts holds the catalogue and the registered routes
 * equal, both ways.
 *
 * To find the handler of a URL: search contracts for its pattern, then the server for the
 * constant's name.
 */

/** The `:name` segments of a pattern. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamName<P>]: number | string };

type ApiPathArgs<P extends string> = [PathParamName<P>] extends [never] ? [] : [params: PathParams<P>];

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

function segment(pattern: string, name: string, value: number | string | undefined): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`apiPath(${pattern}): :${name} is not an integer`);
    return String(value);
  }
  if (typeof value !== 'string' || value === '') throw new Error(`apiPath(${pattern}): :${name} is missing`);
  return encodeURIComponent(value);
}

/**
 * The URL of `pattern` with its `:name` segments filled in: numbers must be safe integers,
 * strings are percent-encoded. `apiPath(LOM_PATHS.detail, { id: 7 })` → '/api/v1/loms/7/'.
 */
export function apiPath<P extends string>(pattern: P, ...[params]: ApiPathArgs<P>): string {
  const values = (params ?? {}) as Readonly<Record<string, number | string | undefined>>;
  return pattern.replace(PARAM, (_match, name: string) => segment(pattern, name, values[name]));
}

/** The `:name` segments of a pattern, in order (for the catalogue test and docs). */
export function pathParamNames(pattern: string): string[] {
  return [...pattern.matchAll(PARAM)].map((match) => match[1] as string);
}
