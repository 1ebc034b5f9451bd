/** A PostgreSQL text[] literal with every element quoted, for one bind value cast to text[] (or timestamptz[]). */
export function pgTextArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
