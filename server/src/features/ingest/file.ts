import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { hasPermission } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { NumberedLine } from '../../domain/ingest/ingest.ts';
import { CsvRecords, csvCells } from '../../domain/text/csv.ts';
import { groupPermissionsOf } from '../../http/auth.ts';

// Files for `npm run ingest` (docs/ingestion.md "From a file"): NDJSON as the API takes it, or CSV with one
// column per field; each CSV record becomes the NDJSON line of the same message, so both go through one schema.

/** The CSV columns, by header name (any order; unknown columns are refused by the line's schema). */
export const CSV_COLUMNS = [
  'source',
  'external_id',
  'url',
  'lom_source_url',
  'lom_id',
  'author',
  'text',
  'wrote_at',
  'type',
  'views',
  'reposts',
  'comments',
  'media',
  'screenshots',
  'copy_of',
] as const;

const NUMERIC = new Set(['lom_id', 'type', 'views', 'reposts', 'comments']);

/** A CSV record's cells as the object of an NDJSON line: empty cells are left out, numbers are numbers. */
export function csvRecordToJson(header: readonly string[], cells: readonly string[]): string {
  const out: Record<string, unknown> = {};
  header.forEach((name, i) => {
    const cell = cells[i] ?? '';
    if (cell === '') return;
    if (NUMERIC.has(name) && /^-?\d+$/.test(cell.trim())) out[name] = Number(cell.trim());
    else if (name === 'screenshots')
      out[name] = cell
        .split(/\s+/)
        .filter(Boolean)
        .map((url) => ({ url }));
    else if (name === 'media') {
      // `image:https://…` items separated by spaces.
      out[name] = cell
        .split(/\s+/)
        .filter(Boolean)
        .map((item) => {
          const at = item.indexOf(':');
          return { type: item.slice(0, at), url: item.slice(at + 1) };
        });
    } else out[name] = cell;
  });
  return JSON.stringify(out);
}

/**
 * The messages of a file as numbered NDJSON lines, with the bytes read so far (for a progress bar). A CSV
 * record spanning lines is numbered by its first line; the header is line 1.
 */
export async function* readIngestFile(
  path: string,
  format: 'ndjson' | 'csv',
): AsyncGenerator<{ line: NumberedLine; bytes: number }> {
  const reader = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let n = 0;
  let bytes = 0;
  let header: string[] | null = null;
  const records = new CsvRecords();
  for await (const raw of reader) {
    n++;
    bytes += Buffer.byteLength(raw) + 1;
    if (format === 'ndjson') {
      if (raw.trim() !== '') yield { line: { line: n, text: raw }, bytes };
      continue;
    }
    const record = records.push(n, raw);
    if (!record || record.text.trim() === '') continue;
    if (!header) {
      header = csvCells(record.text.replace(/^\uFEFF/, '')).map((h) => h.trim());
      continue;
    }
    yield { line: { line: record.start, text: csvRecordToJson(header, csvCells(record.text)) }, bytes };
  }
  const { pending } = records;
  if (pending && header) {
    yield { line: { line: pending.start, text: csvRecordToJson(header, csvCells(pending.text)) }, bytes };
  }
}

/** The user a file is ingested as: active, holding api_edit, like the API's caller. */
export async function ingestUser(db: Db, login: string): Promise<{ id: number } | string> {
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      ui_permissions: users.uiPermissions,
      extra_permissions: users.extraPermissions,
      group_permissions: groupPermissionsOf(users.id),
    })
    .from(users)
    .where(and(eq(users.username, login), eq(users.isActive, true)))
    .limit(1);
  if (!user) return `Нет активного пользователя «${login}»`;
  if (!hasPermission(user, 'api_edit')) return `У пользователя «${login}» нет права api_edit`;
  return { id: user.id };
}
