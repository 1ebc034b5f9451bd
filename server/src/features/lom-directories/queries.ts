import type {
  ListEnvelope,
  LomFocusItem,
  LomFocusListQuery,
  LomTypeItem,
  LomTypeListQuery,
} from '@monitoring/contracts';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { lomFocuses, lomLomFocuses, lomLomTypes, lomTypes, themes } from '../../db/schema/index.ts';
import type {
  presentLomFocusPick,
  presentLomTypePick,
} from '../../domain/pick-lists/lom-directory-pick-presenter.ts';
import {
  lomFocusPickFields,
  lomFocusSpec,
  lomTypePickFields,
  lomTypeSpec,
} from '../../domain/pick-lists/lom-directory-pick-queries.ts';
import { pickListWhere, pickPage, totalCount } from '../../domain/pick-lists/pick-list-queries.ts';
import { presentLomFocus, presentLomType } from './presenter.ts';

// SQL of the lom type and lom focus directories: the admin list (the pick list's rows
// and filters plus the order, creation time and number of loms), one item, create, delete.

/** How many loms hold the item: a seek on the link table's index of the item side. */
function lomsCount(link: PgTable, itemColumn: AnyPgColumn, itemId: AnyPgColumn) {
  return sql<number>`(select count(*) from ${link} where ${itemColumn} = ${itemId})`.mapWith(Number);
}

const lomTypeFields = {
  ...lomTypePickFields,
  sort: lomTypes.sort,
  createdAt: lomTypes.createdAt,
  lomsCount: lomsCount(lomLomTypes, lomLomTypes.lomTypeId, lomTypes.id),
};

export type LomTypeRow = Parameters<typeof presentLomTypePick>[0] & {
  sort: number;
  createdAt: Date;
  lomsCount: number;
};

const lomTypeRows = (db: Db) =>
  db.select(lomTypeFields).from(lomTypes).leftJoin(themes, eq(themes.id, lomTypes.themeId));

export function listLomTypes(db: Db, query: LomTypeListQuery): Promise<ListEnvelope<LomTypeItem>> {
  return pickPage(
    () =>
      db
        .select({ ...lomTypeFields, total: totalCount() })
        .from(lomTypes)
        .leftJoin(themes, eq(themes.id, lomTypes.themeId))
        .$dynamic(),
    lomTypeSpec(query),
    query,
    presentLomType,
  );
}

export async function countLomTypes(db: Db, query: LomTypeListQuery): Promise<number> {
  const where: SQL | undefined = pickListWhere(lomTypeSpec(query), query);
  const [row] = await db.select({ total: count() }).from(lomTypes).where(where);
  return row?.total ?? 0;
}

export async function findLomType(db: Db, id: number): Promise<LomTypeRow | null> {
  const [row] = await lomTypeRows(db).where(eq(lomTypes.id, id));
  return row ?? null;
}

export async function insertLomType(db: Db, values: typeof lomTypes.$inferInsert): Promise<number> {
  const [row] = await db.insert(lomTypes).values(values).returning({ id: lomTypes.id });
  return row.id;
}

/** Deletes the type; its links to loms go with it (foreign key cascade). Answers the loms it had. */
export async function deleteLomType(db: Db, id: number): Promise<number[]> {
  const links = await db
    .select({ lomId: lomLomTypes.lomId })
    .from(lomLomTypes)
    .where(eq(lomLomTypes.lomTypeId, id))
    .orderBy(lomLomTypes.lomId);
  await db.delete(lomTypes).where(eq(lomTypes.id, id));
  return links.map((link) => link.lomId);
}

const lomFocusFields = {
  ...lomFocusPickFields,
  createdAt: lomFocuses.createdAt,
  lomsCount: lomsCount(lomLomFocuses, lomLomFocuses.lomFocusId, lomFocuses.id),
};

export type LomFocusRow = Parameters<typeof presentLomFocusPick>[0] & { createdAt: Date; lomsCount: number };

export function listLomFocuses(db: Db, query: LomFocusListQuery): Promise<ListEnvelope<LomFocusItem>> {
  return pickPage(
    () =>
      db
        .select({ ...lomFocusFields, total: totalCount() })
        .from(lomFocuses)
        .leftJoin(themes, eq(themes.id, lomFocuses.themeId))
        .$dynamic(),
    lomFocusSpec(query),
    query,
    presentLomFocus,
  );
}

export async function findLomFocus(db: Db, id: number): Promise<LomFocusRow | null> {
  const [row] = await db
    .select(lomFocusFields)
    .from(lomFocuses)
    .leftJoin(themes, eq(themes.id, lomFocuses.themeId))
    .where(eq(lomFocuses.id, id));
  return row ?? null;
}

export async function insertLomFocus(db: Db, values: typeof lomFocuses.$inferInsert): Promise<number> {
  const [row] = await db.insert(lomFocuses).values(values).returning({ id: lomFocuses.id });
  return row.id;
}

/** Deletes the focus and, by cascade, its links to loms; answers the loms it had with their shares. */
export async function deleteLomFocus(
  db: Db,
  id: number,
): Promise<{ lom_id: number; actial_percent: number }[]> {
  const links = await db
    .select({ lom_id: lomLomFocuses.lomId, actial_percent: lomLomFocuses.actialPercent })
    .from(lomLomFocuses)
    .where(eq(lomLomFocuses.lomFocusId, id))
    .orderBy(lomLomFocuses.lomId);
  await db.delete(lomFocuses).where(eq(lomFocuses.id, id));
  return links;
}

export async function themeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, id));
  return row !== undefined;
}

/** Whether another item of the directory has this name, any case. */
export async function nameTaken(db: Db, table: typeof lomTypes | typeof lomFocuses, name: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = lower(${name})`)
    .limit(1);
  return row !== undefined;
}
