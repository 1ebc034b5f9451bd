import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/client.ts';
import { ingestLines } from '../domain/ingest/ingest.ts';

/**
 * issue 18: the crawler's first deliveries. A slice of the sample file (`server/data/ingest-sample.ndjson`, written
 * apart from the demo generator, docs/ingestion.md) goes through the ingestion as the demo's service user would send
 * it, its dates moved so that its newest post is an hour old. Its posts are unthemed, stored on accounts no lom owns
 * yet, marked by the mood model, and they are what the AI themes cluster: the generator's own unthemed posts are
 * template filler, which clustering leaves out (docs/ai-themes.md). The e2e AI flow ingests the file's first lines
 * itself, so this slice starts after them.
 */
const SAMPLE = fileURLToPath(new URL('../../data/ingest-sample.ndjson', import.meta.url));
const FIRST_LINE = 1000;
/** At most this many lines, and two for every five generated messages (a small test world gets a small slice). */
const MAX_LINES = 1200;
const HOUR = 3_600_000;

export async function seedIncoming(
  db: Db,
  now: Date,
  messages: number,
): Promise<{ created: number; rejected: number }> {
  const count = Math.min(MAX_LINES, Math.round((messages * 2) / 5));
  if (count === 0) return { created: 0, rejected: 0 };
  const [service] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where role = 101 order by id limit 1`,
  );
  if (!service) return { created: 0, rejected: 0 };
  const rows = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .slice(FIRST_LINE, FIRST_LINE + count)
    .map((line) => JSON.parse(line) as { wrote_at: string });
  const newest = Math.max(...rows.map((row) => Date.parse(row.wrote_at)));
  const shift = now.getTime() - HOUR - newest;
  const lines = rows.map((row, i) => ({
    line: FIRST_LINE + i + 1,
    text: JSON.stringify({ ...row, wrote_at: new Date(Date.parse(row.wrote_at) + shift).toISOString() }),
  }));
  const result = await ingestLines(db, service.id, lines);
  return { created: result.created, rejected: result.rejected };
}
