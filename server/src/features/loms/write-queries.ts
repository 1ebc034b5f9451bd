import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { lomData, lomSources, loms } from '../../db/schema/index.ts';

/** SQL of the lom card's writes and its editor's directories (write-service.ts). */

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The link fields of the card: the link table, its directory column and the directory. */
export const LOM_LINKS = {
  producerCenters: {
    link: 'lom_producer_centers',
    column: 'producer_center_id',
    directory: 'producer_centers',
  },
  thematicGroups: {
    link: 'lom_thematic_groups',
    column: 'thematic_group_type_id',
    directory: 'thematic_group_types',
  },
  listAnd: { link: 'lom_list_and_types', column: 'list_and_type_id', directory: 'list_and_types' },
  interests: { link: 'lom_interests', column: 'interest_id', directory: 'interests' },
} as const;
export type LomLinkField = keyof typeof LOM_LINKS;

/** The stored values of the card's editable columns, the row locked for the change. */
export interface LockedLom {
  id: number;
  archived: boolean;
  birth_date: string | null;
  age: number | null;
  typology: string | null;
  category: string | null;
  segment: string | null;
  residence_address: string | null;
  awards: string | null;
  agency: string | null;
  avatar: string | null;
}

export async function lockLom(db: Db, lomId: number): Promise<LockedLom | undefined> {
  const [row] = await queryRows<LockedLom>(
    db,
    sql`select id, archived, to_char(birth_date, 'YYYY-MM-DD') as birth_date, age, typology, category,
               segment, residence_address, awards, agency, avatar
          from loms where id = ${lomId} for update`,
  );
  return row;
}

/** The ids of a directory that do not exist, in the order given. */
export async function missingIds(db: Db, directory: string, wanted: readonly number[]): Promise<number[]> {
  if (wanted.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(directory)} where id in (${ids(wanted)})`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  return wanted.filter((id) => !found.has(id));
}

export async function linkedIds(db: Db, field: LomLinkField, lomId: number): Promise<number[]> {
  const { link, column } = LOM_LINKS[field];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ${sql.identifier(column)} as id from ${sql.identifier(link)} where lom_id = ${lomId}
         order by 1`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Makes the lom's links of one field exactly `wanted`. Links that stay keep their row
 * (an interest keeps its AI mark and audience share); new ones are manual.
 */
export async function replaceLinks(
  db: Db,
  field: LomLinkField,
  lomId: number,
  wanted: readonly number[],
): Promise<void> {
  const { link, column } = LOM_LINKS[field];
  const table = sql.identifier(link);
  const col = sql.identifier(column);
  const keep: SQL = wanted.length > 0 ? sql` and ${col} not in (${ids(wanted)})` : sql``;
  await db.execute(sql`delete from ${table} where lom_id = ${lomId}${keep}`);
  if (wanted.length === 0) return;
  const rows = sql.join(
    wanted.map((id) => sql`(${lomId}, ${id})`),
    sql`, `,
  );
  await db.execute(sql`insert into ${table} (lom_id, ${col}) values ${rows} on conflict do nothing`);
}

export type LomColumns = Partial<typeof loms.$inferInsert>;

export async function updateLomColumns(db: Db, lomId: number, values: LomColumns): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(loms).set(values).where(eq(loms.id, lomId));
}

/** lom_data repeats the birth date (with its day and month); kept in step when the row exists. */
export async function updateLomDataBirth(db: Db, lomId: number, birthDate: string | null): Promise<void> {
  const [, month, day] = birthDate ? birthDate.split('-').map(Number) : [null, null, null];
  await db
    .update(lomData)
    .set({ birthDate, birthDay: day, birthMonth: month })
    .where(eq(lomData.lomId, lomId));
}

export async function insertLom(db: Db, values: typeof loms.$inferInsert): Promise<number> {
  const [row] = await db.insert(loms).values(values).returning({ id: loms.id });
  return row.id;
}

export interface PlaceRow {
  region_id: number | null;
}

/** The region of a city, or undefined when there is no such city. */
export async function cityRegion(db: Db, cityId: number): Promise<PlaceRow | undefined> {
  const [row] = await queryRows<PlaceRow>(db, sql`select region_id from cities where id = ${cityId}`);
  return row;
}

export interface NewLomSource {
  lomId: number;
  sourceId: number;
  url: string;
  coverage: number;
  isActive: boolean;
}

export async function insertLomSource(db: Db, source: NewLomSource): Promise<number> {
  const [row] = await db
    .insert(lomSources)
    .values({
      lomId: source.lomId,
      sourceId: source.sourceId,
      url: source.url,
      externalLink: source.url,
      coverage: source.coverage,
      isActive: source.isActive,
    })
    .returning({ id: lomSources.id });
  return row.id;
}

/** Binds an account the crawler found (no lom yet) to the lom, with the caller's values. */
export async function bindLomSource(db: Db, id: number, source: NewLomSource): Promise<void> {
  await db
    .update(lomSources)
    .set({
      lomId: source.lomId,
      probableLomId: null,
      sourceId: source.sourceId,
      coverage: source.coverage,
      isActive: source.isActive,
    })
    .where(eq(lomSources.id, id));
}

export async function lomName(db: Db, lomId: number): Promise<string | null> {
  const [row] = await db.select({ name: loms.name }).from(loms).where(eq(loms.id, lomId));
  return row?.name ?? null;
}

export interface LomSourceRow {
  id: number;
  lom_source_url: string;
  external_link: string | null;
  coverage: string | number;
  is_active: boolean;
  source: { id: number; name: string; icon: string };
}

export async function lomSourceRow(db: Db, id: number): Promise<LomSourceRow | undefined> {
  const [row] = await queryRows<LomSourceRow>(
    db,
    sql`select ls.id, ls.url as lom_source_url, ls.external_link, ls.coverage, ls.is_active,
               json_build_object('id', s.id, 'name', s.name, 'icon', s.icon) as source
          from lom_sources ls join sources s on s.id = ls.source_id where ls.id = ${id}`,
  );
  return row;
}

export async function setArchived(db: Db, lomId: number): Promise<void> {
  await db.update(loms).set({ archived: true }).where(eq(loms.id, lomId));
}

/**
 * Serialises the writers of one account address until the transaction ends, so two
 * calls adding the same address cannot both find it free (lom_sources.url has no unique
 * index: the crawler may hold one address twice).
 */
export async function lockSourceKey(db: Db, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`lom_source:${key}`}))`);
}

export interface DirectoryRow {
  id: number;
  name: string;
}

const byName = (table: string) => sql`select id, name from ${sql.identifier(table)} order by lower(name), id`;

/** The small directories the card's editor picks from, whole. */
export async function cardDirectoryRows(db: Db) {
  const [producerCenters, thematicGroups, listAndTypes, interests] = await Promise.all([
    queryRows<DirectoryRow & { loms_count: string | number }>(
      db,
      sql`select p.id, p.name,
                 (select count(*) from lom_producer_centers lp join loms l on l.id = lp.lom_id
                   where lp.producer_center_id = p.id and not l.archived) as loms_count
            from producer_centers p order by lower(p.name), p.id`,
    ),
    queryRows<DirectoryRow>(db, byName('thematic_group_types')),
    queryRows<DirectoryRow>(db, byName('list_and_types')),
    queryRows<DirectoryRow>(db, byName('interests')),
  ]);
  return { producerCenters, thematicGroups, listAndTypes, interests };
}
