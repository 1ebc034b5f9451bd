import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { favouriteThemes, themes } from '../../db/schema/index.ts';
import { countOf, repointMessages, withoutJit } from '../../domain/editing/theme-merge-queries.ts';

export { moveThemeContents } from '../../domain/editing/theme-merge-queries.ts';

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

export interface ThemeDetailRow {
  id: number;
  name: string;
  external_id: string | null;
  created_at: string;
  active: boolean;
  archived: boolean;
  approved: boolean;
  draft: boolean;
  created_by_ai: boolean;
  service: boolean;
  cluster_type: number | null;
  actual: boolean;
  hidden: boolean;
  is_favorite: boolean;
  info_reasons: {
    id: number;
    name: string;
    active: boolean;
    archived: boolean;
    target_tonality: number | null;
  }[];
}

/** The theme card with the caller's favourite flag and its info reasons by name. */
export async function themeDetailRow(
  db: Db,
  themeId: number,
  userId: number,
): Promise<ThemeDetailRow | null> {
  const rows = await queryRows<ThemeDetailRow>(
    db,
    sql`select t.id, t.name, t.external_id, to_char(t.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
               t.active, t.archived, t.approved, t.draft, t.created_by_ai, t.service, t.cluster_type,
               t.actual, t.hidden,
               exists (select 1 from favourite_themes f where f.theme_id = t.id and f.user_id = ${userId})
                 as is_favorite,
               coalesce((
                 select json_agg(json_build_object(
                          'id', ir.id, 'name', ir.name, 'active', ir.active, 'archived', ir.archived,
                          'target_tonality', ir.target_tonality) order by ir.name, ir.id)
                   from info_reasons ir where ir.theme_id = t.id), '[]'::json) as info_reasons
          from themes t where t.id = ${themeId}`,
  );
  return rows[0] ?? null;
}

export type ThemeRow = typeof themes.$inferSelect;
export type ThemeColumns = Partial<Omit<typeof themes.$inferInsert, 'id' | 'createdAt'>>;

/** Takes the themes for the rest of the transaction, in id order (so two merges cannot deadlock). */
export async function lockThemes(db: Db, ids: readonly number[]): Promise<ThemeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(themes)
    .where(inArray(themes.id, [...ids]))
    .orderBy(asc(themes.id))
    .for('update');
}

export async function insertTheme(db: Db, values: typeof themes.$inferInsert): Promise<number> {
  const [row] = await db.insert(themes).values(values).returning({ id: themes.id });
  return row.id;
}

export async function updateTheme(db: Db, themeId: number, columns: ThemeColumns): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  await db.update(themes).set(columns).where(eq(themes.id, themeId));
}

export async function updateThemes(db: Db, ids: readonly number[], columns: ThemeColumns): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(themes)
    .set(columns)
    .where(inArray(themes.id, [...ids]));
}

export async function deleteThemeRow(db: Db, themeId: number): Promise<void> {
  await db.delete(themes).where(eq(themes.id, themeId));
}

/** Flips the user's favourite; answers the new state. */
export async function toggleFavourite(db: Db, userId: number, themeId: number): Promise<boolean> {
  const removed = await db
    .delete(favouriteThemes)
    .where(sql`${favouriteThemes.userId} = ${userId} and ${favouriteThemes.themeId} = ${themeId}`)
    .returning({ themeId: favouriteThemes.themeId });
  if (removed.length > 0) return false;
  await db.insert(favouriteThemes).values({ userId, themeId }).onConflictDoNothing();
  return true;
}

export interface DeleteCounts {
  messages: number;
  fragments: number;
  quotes: number;
  markups: number;
  info_reasons: number;
}

/**
 * What deleting the theme clears, done by hand so the log can tell: messages, fragments,
 * quotes and info reasons lose the theme (they keep their info reason), markups of the
 * theme go (the schema's cascade); the triggers of messages move their rollup cells to "no theme".
 */
export async function clearThemeReferences(db: Db, themeId: number): Promise<DeleteCounts> {
  const clear = (table: string) =>
    countOf(
      db,
      sql`update ${sql.identifier(table)} set theme_id = null where theme_id = ${themeId} returning 1`,
    );
  await withoutJit(db);
  const messages = await repointMessages(db, themeId, null);
  const markups = await countOf(db, sql`delete from message_markups where theme_id = ${themeId} returning 1`);
  const fragments = await clear('fragments');
  const quotes = await clear('quotes');
  const infoReasons = await clear('info_reasons');
  return { messages, fragments, quotes, markups, info_reasons: infoReasons };
}
