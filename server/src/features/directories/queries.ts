import type {
  CityPickItem,
  CityPickQuery,
  InfoReasonPickItem,
  InfoReasonPickQuery,
  ListEnvelope,
  LomPickItem,
  LomPickQuery,
  LomSourcePickItem,
  LomSourcePickQuery,
  PickItem,
  PickListQuery,
  RegionPickQuery,
  RubricPickItem,
  RubricPickQuery,
  SourcePickItem,
  ThemePickItem,
  ThemePickOrdering,
  ThemePickQuery,
} from '@monitoring/contracts';
import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  cities,
  cityThemes,
  infoReasons,
  lomSources,
  loms,
  personalTags,
  regions,
  regionThemes,
  rubrics,
  sources,
  tags,
  themes,
} from '../../db/schema/index.ts';
import { type PickListSpec, pickPage, totalCount } from '../../domain/pick-lists/pick-list-queries.ts';

// One function per directory of contracts' PICK_LIST_PATHS: its rows, its filters, its item.

/** `column = value` when the filter was sent. */
function is(column: AnyPgColumn, value: boolean | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value);
}

function anyOf(column: AnyPgColumn, ids: number[] | undefined): SQL | undefined {
  return ids?.length ? inArray(column, ids) : undefined;
}

export function pickLoms(db: Db, query: LomPickQuery): Promise<ListEnvelope<LomPickItem>> {
  const spec: PickListSpec = {
    id: loms.id,
    name: loms.name,
    where: [is(loms.isActive, query.is_active), is(loms.archived, query.archived)],
  };
  return pickPage(
    () =>
      db
        .select({
          id: loms.id,
          name: loms.name,
          avatar: loms.avatar,
          isActive: loms.isActive,
          total: totalCount(),
        })
        .from(loms)
        .$dynamic(),
    spec,
    query,
    (row) => ({ id: row.id, name: row.name, avatar: row.avatar, is_active: row.isActive }),
  );
}

const THEME_ORDER: Record<ThemePickOrdering, SQL[] | undefined> = {
  name: undefined,
  '-name': [sql`lower(${themes.name}) desc`],
  id: [],
  '-id': [desc(themes.id)],
  created_at: [asc(themes.createdAt)],
  '-created_at': [desc(themes.createdAt)],
};

export function pickThemes(db: Db, query: ThemePickQuery): Promise<ListEnvelope<ThemePickItem>> {
  const spec: PickListSpec = {
    id: themes.id,
    name: themes.name,
    orderBy: THEME_ORDER[query.ordering],
    where: [
      is(themes.active, query.active),
      is(themes.archived, query.archived),
      is(themes.createdByAi, query.ai),
      is(themes.draft, query.draft),
      query.info_reason_in?.length
        ? exists(
            db
              .select({ one: sql`1` })
              .from(infoReasons)
              .where(and(eq(infoReasons.themeId, themes.id), inArray(infoReasons.id, query.info_reason_in))),
          )
        : undefined,
    ],
  };
  return pickPage(
    () =>
      db
        .select({
          id: themes.id,
          name: themes.name,
          active: themes.active,
          archived: themes.archived,
          total: totalCount(),
        })
        .from(themes)
        .$dynamic(),
    spec,
    query,
    (row) => ({ id: row.id, name: row.name, active: row.active, archived: row.archived }),
  );
}

export function pickInfoReasons(
  db: Db,
  query: InfoReasonPickQuery,
): Promise<ListEnvelope<InfoReasonPickItem>> {
  const spec: PickListSpec = {
    id: infoReasons.id,
    name: infoReasons.name,
    where: [
      anyOf(infoReasons.themeId, query.theme_in),
      is(infoReasons.active, query.active),
      is(infoReasons.archived, query.archived),
      is(infoReasons.ai, query.ai),
    ],
  };
  return pickPage(
    () =>
      db
        .select({
          id: infoReasons.id,
          name: infoReasons.name,
          active: infoReasons.active,
          archived: infoReasons.archived,
          themeId: themes.id,
          themeName: themes.name,
          total: totalCount(),
        })
        .from(infoReasons)
        .leftJoin(themes, eq(themes.id, infoReasons.themeId))
        .$dynamic(),
    spec,
    query,
    (row) => ({
      id: row.id,
      name: row.name,
      theme: row.themeId === null ? null : { id: row.themeId, name: row.themeName ?? '' },
      active: row.active,
      archived: row.archived,
    }),
  );
}

export function pickRubrics(db: Db, query: RubricPickQuery): Promise<ListEnvelope<RubricPickItem>> {
  const spec: PickListSpec = {
    id: rubrics.id,
    name: rubrics.name,
    where: [query.type ? eq(rubrics.type, query.type) : undefined, is(rubrics.archived, query.archived)],
  };
  return pickPage(
    () =>
      db
        .select({ id: rubrics.id, name: rubrics.name, type: rubrics.type, total: totalCount() })
        .from(rubrics)
        .$dynamic(),
    spec,
    query,
    // The table's check constraint allows only these two.
    (row) => ({ id: row.id, name: row.name, type: row.type === 'theme' ? 'theme' : 'rubric' }),
  );
}

/** theme_in / theme_isnull of regions and cities, over their theme link table. */
function placeThemeConditions(
  db: Db,
  link: { table: typeof regionThemes | typeof cityThemes; place: AnyPgColumn; theme: AnyPgColumn },
  placeId: AnyPgColumn,
  query: RegionPickQuery,
): (SQL | undefined)[] {
  const linked = (themeIds?: number[]) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(link.table)
        .where(and(eq(link.place, placeId), themeIds ? inArray(link.theme, themeIds) : undefined)),
    );
  return [
    query.theme_in?.length ? linked(query.theme_in) : undefined,
    query.theme_isnull === undefined ? undefined : query.theme_isnull ? sql`not ${linked()}` : linked(),
  ];
}

export function pickRegions(db: Db, query: RegionPickQuery): Promise<ListEnvelope<PickItem>> {
  const spec: PickListSpec = {
    id: regions.id,
    name: regions.name,
    where: [
      is(regions.ai, query.ai),
      is(regions.archived, query.archived),
      ...placeThemeConditions(
        db,
        { table: regionThemes, place: regionThemes.regionId, theme: regionThemes.themeId },
        regions.id,
        query,
      ),
    ],
  };
  return pickPage(
    () => db.select({ id: regions.id, name: regions.name, total: totalCount() }).from(regions).$dynamic(),
    spec,
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

export function pickCities(db: Db, query: CityPickQuery): Promise<ListEnvelope<CityPickItem>> {
  const spec: PickListSpec = {
    id: cities.id,
    name: cities.name,
    where: [
      anyOf(cities.regionId, query.region_in),
      is(cities.ai, query.ai),
      is(cities.archived, query.archived),
      ...placeThemeConditions(
        db,
        { table: cityThemes, place: cityThemes.cityId, theme: cityThemes.themeId },
        cities.id,
        query,
      ),
    ],
  };
  return pickPage(
    () =>
      db
        .select({ id: cities.id, name: cities.name, regionId: cities.regionId, total: totalCount() })
        .from(cities)
        .$dynamic(),
    spec,
    query,
    (row) => ({ id: row.id, name: row.name, region_id: row.regionId }),
  );
}

export function pickTags(db: Db, query: PickListQuery): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () => db.select({ id: tags.id, name: tags.name, total: totalCount() }).from(tags).$dynamic(),
    { id: tags.id, name: tags.name },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

/** Personal tags are their owner's alone: another user's never show, not even by id. */
export function pickPersonalTags(
  db: Db,
  userId: number,
  query: PickListQuery,
): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () =>
      db
        .select({ id: personalTags.id, name: personalTags.name, total: totalCount() })
        .from(personalTags)
        .$dynamic(),
    { id: personalTags.id, name: personalTags.name, where: [eq(personalTags.userId, userId)] },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}

export function pickSources(db: Db, query: PickListQuery): Promise<ListEnvelope<SourcePickItem>> {
  return pickPage(
    () =>
      db
        .select({ id: sources.id, name: sources.name, icon: sources.icon, total: totalCount() })
        .from(sources)
        .$dynamic(),
    { id: sources.id, name: sources.name },
    query,
    (row) => ({ id: row.id, name: row.name, icon: row.icon }),
  );
}

/** "Telegram · https://t.me/anna": the platform and the address, searched together. */
const lomSourceName = sql<string>`${sources.name} || ' · ' || ${lomSources.url}`;

export function pickLomSources(db: Db, query: LomSourcePickQuery): Promise<ListEnvelope<LomSourcePickItem>> {
  const lomIds = [...(query.lom ?? []), ...(query.lom_in ?? [])];
  const spec: PickListSpec = {
    id: lomSources.id,
    name: lomSourceName,
    where: [
      anyOf(lomSources.lomId, lomIds),
      anyOf(lomSources.sourceId, query.source_in),
      is(lomSources.isActive, query.is_active),
    ],
  };
  return pickPage(
    () =>
      db
        .select({
          id: lomSources.id,
          name: lomSourceName,
          url: lomSources.url,
          lomId: lomSources.lomId,
          coverage: lomSources.coverage,
          isActive: lomSources.isActive,
          sourceId: sources.id,
          sourceName: sources.name,
          sourceIcon: sources.icon,
          total: totalCount(),
        })
        .from(lomSources)
        .innerJoin(sources, eq(sources.id, lomSources.sourceId))
        .$dynamic(),
    spec,
    query,
    (row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      source: { id: row.sourceId, name: row.sourceName, icon: row.sourceIcon },
      lom_id: row.lomId,
      coverage: row.coverage,
      is_active: row.isActive,
    }),
  );
}
