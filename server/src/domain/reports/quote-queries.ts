import type { QuoteFilter } from '@monitoring/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { infoReasons, lomSources, loms, messages, quotes, sources, themes } from '../../db/schema/index.ts';
import { quoteFilterConditions } from '../filters/quote-filter-queries.ts';
import { REPORT_BATCH_SIZE } from './message-queries.ts';

export async function countQuotes(db: Db, filter: QuoteFilter, cap?: number): Promise<number> {
  const condition = and(...quoteFilterConditions(filter)) ?? sql`true`;
  const inner =
    cap === undefined
      ? sql`select 1 from ${quotes} where ${condition}`
      : sql`select 1 from ${quotes} where ${condition} limit ${cap + 1}`;
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*)::int as n from (${inner}) s`);
  return Number(row?.n ?? 0);
}

export async function sampleQuoteBytes(db: Db, filter: QuoteFilter, sample = 300): Promise<number> {
  const condition = and(...quoteFilterConditions(filter)) ?? sql`true`;
  const [row] = await queryRows<{ bytes: number | string | null }>(
    db,
    sql`select avg(octet_length(s.text))::float8 as bytes
          from (select ${quotes.text} as text from ${quotes} where ${condition}
                 order by ${quotes.wroteAt} desc limit ${sample}) s`,
  );
  return Number(row?.bytes ?? 0);
}

export interface ReportQuoteRow {
  id: number;
  wroteAt: Date;
  lomName: string | null;
  text: string;
  mood: number | null;
  themeName: string | null;
  infoReasonName: string | null;
  messageId: number | null;
  sourceName: string | null;
  url: string | null;
  speechTimestamp: number | null;
  isManual: boolean;
  sortKey: string;
}

/** One batch of quotes, newest first, after the cursor (keyset on (wrote_at, id)). */
export async function quoteBatch(
  db: Db,
  filter: QuoteFilter,
  cursor: { sortKey: string; id: number } | null,
  limit = REPORT_BATCH_SIZE,
): Promise<ReportQuoteRow[]> {
  const after = cursor
    ? sql`(${quotes.wroteAt}, ${quotes.id}) < (${cursor.sortKey}::timestamptz, ${cursor.id})`
    : undefined;
  return db
    .select({
      id: quotes.id,
      wroteAt: quotes.wroteAt,
      lomName: loms.name,
      text: quotes.text,
      mood: quotes.mood,
      themeName: themes.name,
      infoReasonName: infoReasons.name,
      messageId: quotes.messageId,
      sourceName: sources.name,
      url: sql<string | null>`coalesce(${messages.url}, ${lomSources.url})`,
      speechTimestamp: quotes.speechTimestamp,
      isManual: quotes.isManual,
      sortKey: sql<string>`${quotes.wroteAt}::text`,
    })
    .from(quotes)
    .leftJoin(loms, eq(loms.id, quotes.lomId))
    .leftJoin(themes, eq(themes.id, quotes.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, quotes.infoReasonId))
    .leftJoin(messages, eq(messages.id, quotes.messageId))
    .leftJoin(sources, eq(sources.id, messages.sourceId))
    .leftJoin(lomSources, eq(lomSources.id, messages.lomSourceId))
    .where(and(...quoteFilterConditions(filter), after))
    .orderBy(desc(quotes.wroteAt), desc(quotes.id))
    .limit(limit);
}

export async function* quoteBatches(db: Db, filter: QuoteFilter, limit = REPORT_BATCH_SIZE) {
  let cursor: { sortKey: string; id: number } | null = null;
  while (true) {
    const rows = await quoteBatch(db, filter, cursor, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    cursor = { sortKey: last.sortKey, id: last.id };
  }
}
