/** A PostgreSQL array literal for a text parameter (one bind value, cast to int[] or text[] in SQL): `{1,2,NULL}`. */
export function pgArray(values: readonly (number | string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}
