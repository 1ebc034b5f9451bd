import {
  type ListEnvelope,
  type LomStatItem,
  type MessageFilter,
  type MessageLomStatQuery,
  type MoodTableResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { presentLomStat } from '../../domain/aggregates/lom-stat-presenter.ts';
import {
  lomDayFilter,
  lomStatPage,
  lomStatPageFromLomDays,
} from '../../domain/aggregates/lom-stat-queries.ts';
import { presentMoodSums } from '../../domain/aggregates/mood-table-presenter.ts';
import {
  type MoodSums,
  moodCellFilter,
  moodTableFromMoodCells,
  moodTableFromPerLom,
  perLomMood,
} from '../../domain/aggregates/mood-table-queries.ts';
import { readerFilter } from '../../domain/filters/message-filter.ts';
import { withSearchTimeout } from '../../domain/search/search-queries.ts';
import type { AuthUser } from '../../http/auth.ts';

/** Which table answered: the bench and the tests check that the fast paths are taken. */
export type MoodTableSource = 'mood_days' | 'rollup' | 'messages';

/** The mood table of a filter, from the cheapest table that can answer it exactly. */
export async function moodTableSums(
  db: Db,
  filter: Omit<MessageFilter, 'ordering'>,
): Promise<{ sums: MoodSums[]; source: MoodTableSource }> {
  const cells = moodCellFilter(filter);
  if (cells) return { sums: await moodTableFromMoodCells(db, cells), source: 'mood_days' };
  const { query, source } = perLomMood(filter);
  return { sums: await moodTableFromPerLom(db, query), source };
}

/** §4: a mood-table request counts verified messages only, whatever the filter says. */
export async function messageMoodTable(
  db: Db,
  filter: MessageFilter,
  user: AuthUser,
): Promise<MoodTableResponse> {
  const read = { ...readerFilter(filter, user), verified: true };
  const { sums } = await withSearchTimeout(db, read.search, (db) => moodTableSums(db, read));
  return presentMoodSums(sums);
}

export async function messageLomStat(
  db: Db,
  query: MessageLomStatQuery,
  user: AuthUser,
): Promise<ListEnvelope<LomStatItem>> {
  const filter = readerFilter(query.filter, user);
  const { page, page_size: pageSize, stat } = query;
  // Only a period, loms and the live flags: the per-lom rollups answer (lom_week_stats and
  // lom_day_stats); any other test goes through message_daily_stats or messages (perLomMood).
  const lomDays = lomDayFilter(filter);
  const source = perLomMood(filter).query;
  const pageOf = (on: Db, p: number, size: number) =>
    lomDays ? lomStatPageFromLomDays(on, lomDays, stat, p, size) : lomStatPage(on, source, stat, p, size);
  let { rows, total } = await withSearchTimeout(db, filter.search, (on) => pageOf(on, page, pageSize));
  // Past the last page the window has no row to carry the total.
  if (rows.length === 0 && page > 1)
    total = (await withSearchTimeout(db, filter.search, (on) => pageOf(on, 1, 1))).total;
  return { results: rows.map(presentLomStat), ...pageInfo(page, pageSize, total) };
}
