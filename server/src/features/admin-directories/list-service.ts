import {
  type AdminInfoReasonItem,
  type AdminInfoReasonListQuery,
  type AdminThemeItem,
  type AdminThemeListQuery,
  type ListEnvelope,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { presentAdminInfoReason, presentAdminTheme } from './presenter.ts';
import * as q from './queries.ts';

/** A page's envelope; past the last page the window has no row, so the total is counted apart. */
async function envelope<R extends { total: number }, T>(
  rows: R[],
  query: { page: number; page_size: number },
  count: () => Promise<number>,
  present: (row: R) => T,
): Promise<ListEnvelope<T>> {
  const total = rows.length > 0 ? Number(rows[0].total) : query.page > 1 ? await count() : 0;
  return { ...pageInfo(query.page, query.page_size, total), results: rows.map(present) };
}

/** GET admin/themes/. */
export async function adminThemeList(
  db: Db,
  query: AdminThemeListQuery,
): Promise<ListEnvelope<AdminThemeItem>> {
  const rows = await q.adminThemeRows(db, query, query);
  return envelope(rows, query, () => q.countAdminThemes(db, query), presentAdminTheme);
}

/** GET admin/info-reasons/. */
export async function adminInfoReasonList(
  db: Db,
  query: AdminInfoReasonListQuery,
): Promise<ListEnvelope<AdminInfoReasonItem>> {
  const rows = await q.adminInfoReasonRows(db, query, query);
  return envelope(rows, query, () => q.countAdminInfoReasons(db, query), presentAdminInfoReason);
}

/** One theme row of the admin list (the answer of the single-theme calls). */
export async function adminThemeItem(db: Db, id: number): Promise<AdminThemeItem> {
  const [row] = await q.adminThemeRows(db, { ids: [id] });
  if (!row) throw notFound('Тема не найдена');
  return presentAdminTheme(row);
}

export async function adminInfoReasonItem(db: Db, id: number): Promise<AdminInfoReasonItem> {
  const [row] = await q.adminInfoReasonRows(db, { ids: [id] });
  if (!row) throw notFound(`Инфоповод ${id} не найден`);
  return presentAdminInfoReason(row);
}
