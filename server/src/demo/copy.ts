import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/** A value as COPY's text format takes it; null and undefined become NULL (\N). */
export type CopyValue = string | number | boolean | null | undefined;

type ColumnKey<T extends Table> = keyof T['_']['columns'] & string;
type CopyRow<T extends Table, K extends ColumnKey<T>> = Record<K, CopyValue>;

const SPECIAL = /[\\\n\r\t]/;

function encode(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

/** jsonb literal. */
export const json = (value: unknown): string => JSON.stringify(value);

/** int[] literal, e.g. {1,2,3}. */
export const intArray = (values: readonly number[]): string => `{${values.join(',')}}`;

/** text[] / date[] literal with every element quoted. */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

export const timestamp = (date: Date): string => date.toISOString();
export const day = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Rows for one table in COPY text format, buffered until taken. Keys are the Drizzle
 * property names of the table, so a renamed or missing column fails to compile.
 */
export class CopyBuffer<T extends Table, K extends ColumnKey<T>> {
  readonly tableName: string;
  readonly columnNames: string[];
  private lines: string[] = [];
  private pendingChars = 0;
  total = 0;

  constructor(
    table: T,
    private readonly keys: readonly K[],
  ) {
    const columns = getTableColumns(table) as Record<string, { name: string }>;
    this.tableName = getTableName(table);
    this.columnNames = keys.map((k) => columns[k].name);
  }

  add(row: CopyRow<T, K>): void {
    let line = '';
    for (let i = 0; i < this.keys.length; i++) {
      line += (i === 0 ? '' : '\t') + encode(row[this.keys[i]]);
    }
    this.lines.push(line);
    this.pendingChars += line.length + 1;
    this.total++;
  }

  get pending(): number {
    return this.lines.length;
  }

  /** Characters buffered; callers flush before blobs grow large (PGlite reads them slowly). */
  get size(): number {
    return this.pendingChars;
  }

  /** The buffered rows as COPY text, emptying the buffer. */
  take(): string {
    const text = this.lines.length ? `${this.lines.join('\n')}\n` : '';
    this.lines = [];
    this.pendingChars = 0;
    return text;
  }
}
