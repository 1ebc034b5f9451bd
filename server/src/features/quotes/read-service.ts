import {
  emptyMoodTableRow,
  fillMoodTable,
  isMood,
  type ListEnvelope,
  type LomStatItem,
  type MoodTableResponse,
  type PartialMoodTable,
  pageInfo,
  type QuoteFilter,
  type QuoteListQuery,
  type QuoteLomGroup,
  type QuoteLomStatQuery,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { presentLomStat } from '../../domain/aggregates/lom-stat-presenter.ts';
import { lomStatPage } from '../../domain/aggregates/lom-stat-queries.ts';
import { presentQuote } from './presenter.ts';
import {
  countQuoteGroups,
  type QuoteGroupRow,
  quoteGroupPage,
  quoteMoodSums,
  quotePerLomMood,
} from './read-queries.ts';

// The quote reads of api.md §7.10: the list grouped by lom, the mood table, the lom stat.

/** Rows (one per quote, groups in order) folded into the page's groups. */
function groupRows(rows: QuoteGroupRow[]): QuoteLomGroup[] {
  const groups: QuoteLomGroup[] = [];
  let current: QuoteLomGroup | null = null;
  let currentLom: number | null | undefined;
  for (const row of rows) {
    if (!current || currentLom !== row.lom_id) {
      currentLom = row.lom_id;
      current = {
        lom:
          row.lom_id === null
            ? null
            : { id: row.lom_id, name: row.lom_name ?? '', avatar: row.lom_avatar ?? null },
        quotes_count: Number(row.quotes_count),
        quotes: [],
      };
      groups.push(current);
    }
    const quote = presentQuote(row);
    if (quote) current.quotes.push(quote);
  }
  return groups;
}

/** GET quotes/: a page of loms (most quoted first), each with its newest quotes. */
export async function listQuoteGroups(db: Db, query: QuoteListQuery): Promise<ListEnvelope<QuoteLomGroup>> {
  const { page, page_size: pageSize, quotes_per_lom: perLom, filter } = query;
  const rows = await quoteGroupPage(db, filter, page, pageSize, perLom);
  // Past the last page no row carries the total.
  const total = rows.length > 0 ? Number(rows[0].total) : page > 1 ? await countQuoteGroups(db, filter) : 0;
  return { results: groupRows(rows), ...pageInfo(page, pageSize, total) };
}

/** GET quotes/mood-table/: the messages' mood-table shape, counting quotes. */
export async function quoteMoodTable(db: Db, filter: QuoteFilter): Promise<MoodTableResponse> {
  const table: PartialMoodTable = {};
  let total = emptyMoodTableRow();
  for (const row of await quoteMoodSums(db, filter)) {
    const sums = {
      message_count: Number(row.n),
      lom_count: Number(row.lom_count),
      total_si: Number(row.si ?? 0),
      total_views: Number(row.views ?? 0),
      subscribers: Number(row.subscribers ?? 0),
    };
    const mood = row.mood === null ? null : Number(row.mood);
    if (mood === null) total = sums;
    else if (isMood(mood)) table[mood] = sums;
  }
  return { mood_table: fillMoodTable(table), total };
}

/** GET quotes/lom-stat/: the loms of the quotes, ordered by their messages' stat, as the messages' lom stat. */
export async function quoteLomStat(db: Db, query: QuoteLomStatQuery): Promise<ListEnvelope<LomStatItem>> {
  const source = quotePerLomMood(query.filter);
  const { page, page_size: pageSize, stat } = query;
  let { rows, total } = await lomStatPage(db, source, stat, page, pageSize);
  if (rows.length === 0 && page > 1) total = (await lomStatPage(db, source, stat, 1, 1)).total;
  return { results: rows.map(presentLomStat), ...pageInfo(page, pageSize, total) };
}
