import type {
  ListEnvelope,
  LomFocusPickItem,
  LomFocusPickQuery,
  LomTypeOrdering,
  LomTypePickItem,
  LomTypePickQuery,
  PickItem,
  PickListQuery,
  ProducerCenterPickItem,
  ProducerCenterPickQuery,
} from '@monitoring/contracts';
import { asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  interests,
  listAndTypes,
  lomFocuses,
  lomTypes,
  producerCenters,
  producerCenterTypes,
  thematicGroupTypes,
  themes,
} from '../../db/schema/index.ts';
import { presentLomFocusPick, presentLomTypePick } from './lom-directory-pick-presenter.ts';
import { type PickListSpec, pickPage, totalCount } from './pick-list-queries.ts';

// The pick lists of the lom directories: lom types, focuses, producer centers,
// thematic groups, "list and" entries and interests (the lom list's filters and the card's editor).

function is(column: AnyPgColumn, value: boolean | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value);
}

/** theme_in / theme_isnull over the item's own theme column. */
function themeConditions(
  column: AnyPgColumn,
  query: { theme_in?: number[]; theme_isnull?: boolean },
): (SQL | undefined)[] {
  return [
    query.theme_in?.length ? inArray(column, query.theme_in) : undefined,
    query.theme_isnull === undefined ? undefined : query.theme_isnull ? isNull(column) : isNotNull(column),
  ];
}

const LOM_TYPE_ORDER: Record<LomTypeOrdering, SQL[] | undefined> = {
  name: undefined,
  '-name': [sql`lower(${lomTypes.name}) desc`],
  id: [],
  '-id': [desc(lomTypes.id)],
  sort: [asc(lomTypes.sort), sql`lower(${lomTypes.name})`],
  '-sort': [desc(lomTypes.sort), sql`lower(${lomTypes.name})`],
  created_at: [asc(lomTypes.createdAt)],
  '-created_at': [desc(lomTypes.createdAt)],
};

/** The rows, filters and order of lom types: the pick list and the admin list share them. */
export function lomTypeSpec(query: LomTypePickQuery): PickListSpec {
  return {
    id: lomTypes.id,
    name: lomTypes.name,
    orderBy: LOM_TYPE_ORDER[query.sort],
    where: [
      is(lomTypes.isSegment, query.is_segment),
      is(lomTypes.isInterest, query.is_interest),
      is(lomTypes.isCategory, query.is_category),
      is(lomTypes.archived, query.archived),
      is(lomTypes.ai, query.ai),
      ...themeConditions(lomTypes.themeId, query),
    ],
  };
}

/** The fields of a lom type's pick item, theme joined. */
export const lomTypePickFields = {
  id: lomTypes.id,
  name: lomTypes.name,
  themeId: themes.id,
  themeName: themes.name,
  isSegment: lomTypes.isSegment,
  isInterest: lomTypes.isInterest,
  isCategory: lomTypes.isCategory,
  archived: lomTypes.archived,
  ai: lomTypes.ai,
};

export function pickLomTypes(db: Db, query: LomTypePickQuery): Promise<ListEnvelope<LomTypePickItem>> {
  return pickPage(
    () =>
      db
        .select({ ...lomTypePickFields, total: totalCount() })
        .from(lomTypes)
        .leftJoin(themes, eq(themes.id, lomTypes.themeId))
        .$dynamic(),
    lomTypeSpec(query),
    query,
    presentLomTypePick,
  );
}

export function lomFocusSpec(query: LomFocusPickQuery): PickListSpec {
  return {
    id: lomFocuses.id,
    name: lomFocuses.name,
    where: [
      is(lomFocuses.archived, query.archived),
      is(lomFocuses.ai, query.ai),
      ...themeConditions(lomFocuses.themeId, query),
    ],
  };
}

export const lomFocusPickFields = {
  id: lomFocuses.id,
  name: lomFocuses.name,
  themeId: themes.id,
  themeName: themes.name,
  archived: lomFocuses.archived,
  ai: lomFocuses.ai,
};

export function pickLomFocuses(db: Db, query: LomFocusPickQuery): Promise<ListEnvelope<LomFocusPickItem>> {
  return pickPage(
    () =>
      db
        .select({ ...lomFocusPickFields, total: totalCount() })
        .from(lomFocuses)
        .leftJoin(themes, eq(themes.id, lomFocuses.themeId))
        .$dynamic(),
    lomFocusSpec(query),
    query,
    presentLomFocusPick,
  );
}

export function pickProducerCenters(
  db: Db,
  query: ProducerCenterPickQuery,
): Promise<ListEnvelope<ProducerCenterPickItem>> {
  return pickPage(
    () =>
      db
        .select({
          id: producerCenters.id,
          name: producerCenters.name,
          typeId: producerCenterTypes.id,
          typeName: producerCenterTypes.name,
          total: totalCount(),
        })
        .from(producerCenters)
        .leftJoin(producerCenterTypes, eq(producerCenterTypes.id, producerCenters.typeId))
        .$dynamic(),
    {
      id: producerCenters.id,
      name: producerCenters.name,
      where: [query.type_in?.length ? inArray(producerCenters.typeId, query.type_in) : undefined],
    },
    query,
    (row) => ({
      id: row.id,
      name: row.name,
      type: row.typeId === null ? null : { id: row.typeId, name: row.typeName ?? '' },
    }),
  );
}

/** A directory of plain `{id, name}` rows. */
function pickNamed(
  db: Db,
  table: typeof thematicGroupTypes | typeof listAndTypes | typeof interests,
  query: PickListQuery,
): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () => db.select({ id: table.id, name: table.name, total: totalCount() }).from(table).$dynamic(),
    { id: table.id, name: table.name },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

export const pickThematicGroups = (db: Db, query: PickListQuery) => pickNamed(db, thematicGroupTypes, query);
export const pickListAndTypes = (db: Db, query: PickListQuery) => pickNamed(db, listAndTypes, query);
export const pickInterests = (db: Db, query: PickListQuery) => pickNamed(db, interests, query);
