import { type ListEnvelope, type PickListQuery, pageInfo } from '@monitoring/contracts';
import { and, asc, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { offsetOf } from '../../http/pagination.ts';
import { likePattern } from '../filters/message-filter-queries.ts';

/**
 * The one query of every directory pick list (product.md §3 "Pick lists"): the
 * directory's rows narrowed by `search` (part of the name, any case, `%` and `_`
 * literal), `id_in` and `id_not_in` and its own filters, ordered by name
 * case-insensitively and then id, one page of them, and the count of all.
 */
export interface PickListSpec {
  id: AnyPgColumn;
  /** What `search` looks in and the list is ordered by: a column or an expression. */
  name: AnyPgColumn | SQL;
  /** Conditions of the directory's own filters; undefined entries are skipped. */
  where?: (SQL | undefined)[];
  /** Replaces the name-then-id order (themes take an `ordering`); id is appended. */
  orderBy?: SQL[];
}

/** Select this as `total`: the count of all matching rows, computed before the page is cut. */
export const totalCount = () => sql<number>`count(*) over ()`.mapWith(Number);

export function pickListWhere(spec: PickListSpec, query: PickListQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [...(spec.where ?? [])];
  if (query.search) where.push(sql`${spec.name} ilike ${likePattern(query.search)}`);
  if (query.id_in?.length) where.push(inArray(spec.id, query.id_in));
  if (query.id_not_in?.length) where.push(notInArray(spec.id, query.id_not_in));
  return and(...where);
}

export function pickListOrder(spec: PickListSpec): SQL[] {
  return [...(spec.orderBy ?? [sql`lower(${spec.name})`]), asc(spec.id)];
}

/**
 * Runs the pick list over `select`, a builder of the directory's rows (`$dynamic()`,
 * with `total: totalCount()` among its fields), and presents each row. Called twice
 * only when a page past the end comes back empty: the first row of the same query
 * then carries the count.
 */
export async function pickPage<Q extends PgSelect, Item>(
  select: () => Q,
  spec: PickListSpec,
  query: PickListQuery,
  present: (row: Q['_']['result'][number]) => Item,
): Promise<ListEnvelope<Item>> {
  const where = pickListWhere(spec, query);
  const order = pickListOrder(spec);
  const page = async (offset: number, limit: number): Promise<Q['_']['result']> =>
    await select()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const rows = await page(offsetOf(query.page, query.page_size), query.page_size);
  let total = totalOf(rows[0]);
  if (rows.length === 0 && query.page > 1) total = totalOf((await page(0, 1))[0]);
  return { results: rows.map(present), ...pageInfo(query.page, query.page_size, total) };
}

function totalOf(row: unknown): number {
  const total = (row as { total?: unknown } | undefined)?.total;
  return total === undefined ? 0 : Number(total);
}
