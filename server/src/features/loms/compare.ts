import {
  type ListEnvelope,
  type LomCompareItem,
  type LomCompareQuery,
  MOOD_IDS,
  type Mood,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { dayPeriod, lomRows, periodMetrics } from '../../domain/lists/lom-list-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import { existingLomIds, moodCounts } from './compare-queries.ts';
import { presentRow } from './presenter.ts';
import { withPeriod } from './service.ts';

const emptyMoods = (): Record<Mood, number> => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 });

/**
 * GET loms/compare_loms/: the loms of `id_in`, in that order, side by side. Metrics are
 * the lom list's (the same rows and period sums, docs/loms.md "Where the metrics come
 * from"), plus each lom's live messages by mood. Every id must be a lom (400 naming
 * id_in otherwise); archived loms may be compared.
 */
export async function compareLoms(
  db: Db,
  query: LomCompareQuery,
  user: AuthUser,
): Promise<ListEnvelope<LomCompareItem>> {
  const known = await existingLomIds(db, query.id_in);
  const unknown = query.id_in.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(`Некорректное значение поля «id_in»: нет ЛОМ с id ${unknown.join(', ')}`, 'id_in');
  }
  const offset = offsetOf(query.page, query.page_size);
  const pageIds = query.id_in.slice(offset, offset + query.page_size);
  const period = dayPeriod(query.wrote_at_after, query.wrote_at_before);
  const [rows, metrics, moods] = await Promise.all([
    lomRows(db, pageIds, user.id),
    period && pageIds.length > 0 ? periodMetrics(db, period, pageIds) : null,
    moodCounts(db, pageIds, period),
  ]);
  const byId = new Map(rows.map((row) => [row.id, presentRow(row)]));
  const sums = new Map(metrics?.sums.map((s) => [Number(s.lom_id), s]));
  const quotes = new Map(metrics?.quotes.map((q) => [Number(q.lom_id), Number(q.n)]));
  const moodsOf = new Map<number, Record<Mood, number>>();
  for (const row of moods) {
    const mood = Number(row.mood) as Mood;
    if (!MOOD_IDS.includes(mood)) continue;
    const counts = moodsOf.get(Number(row.lom_id)) ?? emptyMoods();
    counts[mood] += Number(row.n);
    moodsOf.set(Number(row.lom_id), counts);
  }
  const results = pageIds.flatMap((id) => {
    const item = byId.get(id);
    if (!item) return [];
    const withMetrics = metrics ? withPeriod(item, sums.get(id), quotes.get(id) ?? 0) : item;
    return [{ ...withMetrics, mood_counts: moodsOf.get(id) ?? emptyMoods() }];
  });
  return { results, ...pageInfo(query.page, query.page_size, query.id_in.length) };
}
