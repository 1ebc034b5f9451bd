import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { constantLomsSql, type DashboardSet, idList, likeOf } from './queries.ts';

/**
 * SQL of the constant lom lists of theme and personal dashboards (docs/dashboards.md): the
 * pick list of loms not yet in them, and the writes of add-loms-arr/, remove-loms-arr/ and copy-loms/.
 */

export interface AvailableLomRow {
  id: number;
  name: string;
  avatar: string | null;
  total: string | number;
}

/** Loms not constant in the dashboard, by name: the pick list of add-loms-arr/. */
export async function availableLoms(
  db: Db,
  set: DashboardSet,
  search: string | undefined,
  paging: { limit: number; offset: number },
): Promise<AvailableLomRow[]> {
  const byName = search ? sql`l.name ilike ${likeOf(search)}` : sql`true`;
  return queryRows(
    db,
    sql`select l.id, l.name, l.avatar, count(*) over () as total from loms l
         where not l.archived and ${byName}
           and l.id not in (select c.lom_id from (${constantLomsSql(set)}) c)
         order by lower(l.name), l.id limit ${paging.limit} offset ${paging.offset}`,
  );
}

export async function countAvailableLoms(
  db: Db,
  set: DashboardSet,
  search: string | undefined,
): Promise<number> {
  const byName = search ? sql`l.name ilike ${likeOf(search)}` : sql`true`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from loms l where not l.archived and ${byName}
           and l.id not in (select c.lom_id from (${constantLomsSql(set)}) c)`,
  );
  return Number(row?.n ?? 0);
}

export async function existingLomIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(db, sql`select id from loms where id in (${idList(ids)})`);
  return new Set(rows.map((row) => Number(row.id)));
}

type WritableSet =
  | Extract<DashboardSet, { kind: 'theme' | 'personal' }>
  | { kind: 'theme' | 'personal'; id: number };

function table(set: WritableSet) {
  return set.kind === 'theme'
    ? { name: sql.raw('theme_dashboard_loms'), key: sql.raw('theme_id') }
    : { name: sql.raw('personal_theme_loms'), key: sql.raw('personal_theme_id') };
}

/** The current list of each of the loms (absent when not constant). */
export async function tonalitiesOf(
  db: Db,
  set: WritableSet,
  lomIds: readonly number[] | null,
): Promise<Map<number, number>> {
  const t = table(set);
  const only = lomIds ? (lomIds.length ? sql`and lom_id in (${idList(lomIds)})` : sql`and false`) : sql``;
  const rows = await queryRows<{ lom_id: number; tonality: number }>(
    db,
    sql`select lom_id, tonality from ${t.name} where ${t.key} = ${set.id} ${only} for update`,
  );
  return new Map(rows.map((row) => [Number(row.lom_id), Number(row.tonality)]));
}

export async function upsertConstantLoms(
  db: Db,
  set: WritableSet,
  entries: readonly { lomId: number; tonality: number }[],
): Promise<void> {
  if (!entries.length) return;
  const t = table(set);
  const values = sql.join(
    entries.map((e) => sql`(${set.id}, ${e.lomId}, ${e.tonality})`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${t.name} (${t.key}, lom_id, tonality) values ${values}
        on conflict (${t.key}, lom_id) do update set tonality = excluded.tonality`,
  );
}

export async function deleteConstantLoms(db: Db, set: WritableSet, lomIds: readonly number[]): Promise<void> {
  if (!lomIds.length) return;
  const t = table(set);
  await db.execute(sql`delete from ${t.name} where ${t.key} = ${set.id} and lom_id in (${idList(lomIds)})`);
}
