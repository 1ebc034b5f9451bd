import {
  type ListEnvelope,
  type PaginationCountResponse,
  pageInfo,
  type ThemeListCountQuery,
  type ThemeListItem,
  type ThemeListQuery,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { onPrimary } from '../../db/read-routing.ts';
import { num } from '../../domain/aggregates/mood-table-presenter.ts';
import { themeListPeriod } from '../../domain/theme-period.ts';
import type { AuthUser } from '../../http/auth.ts';
import { presentRow } from './list-presenter.ts';
import { countThemeList, keepThemePeriodStats, themeListPage } from './list-queries.ts';

/** The themes table (GET api/v2/themes/, pagination_count/); docs/themes.md "The themes table". */

/** GET themes/: one page of the table in the asked order, ties by id. */
export async function themeList(
  db: Db,
  query: ThemeListQuery,
  user: AuthUser,
): Promise<ListEnvelope<ThemeListItem>> {
  const period = themeListPeriod(query.wrote_at_after, query.wrote_at_before);
  const rows = await themeListPage(db, query, user.id, period);
  // The page's reads may come from a replica; the cache it fills is a write (docs/operations.md "Read replica").
  await onPrimary(() => keepThemePeriodStats(db, period, rows));
  // A page past the end has no rows to carry the total: count it apart.
  const total =
    rows.length > 0 ? num(rows[0].total) : query.page === 1 ? 0 : await countThemeList(db, query, user.id);
  return { results: rows.map(presentRow), ...pageInfo(query.page, query.page_size, total) };
}

/** GET themes/pagination_count/: the table's size and its last page for the page size. */
export async function themeListCount(
  db: Db,
  query: ThemeListCountQuery,
  user: AuthUser,
): Promise<PaginationCountResponse> {
  const total = await countThemeList(db, query, user.id);
  const { elements_count, last_page } = pageInfo(1, query.page_size, total);
  return { elements_count, last_page };
}
