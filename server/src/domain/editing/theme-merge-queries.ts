import type { ThemeMergeCounts } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

// The set-based statements that move everything of one theme into another (a merge, docs/themes.md "Gluing"),
// shared by the themes feature (merge_theme/, DELETE) and the admin themes list (admin/themes/{id}/merge/).

/** How many rows a data-changing statement (ending in `returning 1`) touched. */
export async function countOf(db: Db, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`with changed as (${statement}) select count(*) as n from changed`,
  );
  return Number(row.n);
}

/**
 * Sets planner settings until `restore` is called or the transaction ends (`set_config`
 * with is_local), answering a function that puts the previous values back.
 */
async function setLocal(db: Db, settings: Record<string, string>): Promise<() => Promise<void>> {
  const names = Object.keys(settings);
  const [saved] = await queryRows<Record<string, string>>(
    db,
    sql`select ${sql.join(
      names.map((name) => sql`current_setting(${name}) as ${sql.identifier(name)}`),
      sql`, `,
    )}`,
  );
  const apply = (values: Record<string, string>) =>
    db.execute(
      sql`select ${sql.join(
        names.map((name) => sql`set_config(${name}, ${values[name]}, true)`),
        sql`, `,
      )}`,
    );
  await apply(settings);
  return async () => {
    await apply(saved);
  };
}

/**
 * Moves the messages of theme `from` to `to` (null: no theme). No such update is HOT
 * (theme_id is in two indexes of messages), so each row adds an entry to every index, and
 * a theme's 50,000 messages touch more heap and index pages than shared buffers hold. A
 * bitmap or sequential scan visits the rows in heap order, which after earlier edits is
 * not their time order: the new entries then land all over every index and its pages are
 * evicted and read again many times. The scan is an index scan of the theme's
 * `messages_theme_cover_idx` range instead (planner settings for this one statement), in
 * (theme, wrote_at) order: the wrote_at, id, info reason and theme indexes then take
 * their entries in key order, each page once (50,000 of 1,000,000 messages: 4.1 s → 2.7 s).
 */
export async function repointMessages(db: Db, from: number, to: number | null): Promise<number> {
  const restore = await setLocal(db, { enable_seqscan: 'off', enable_bitmapscan: 'off' });
  const moved = await countOf(
    db,
    sql`update messages set theme_id = ${to}, updated_at = now() where theme_id = ${from} returning 1`,
  );
  await restore();
  return moved;
}

/**
 * The bulk statements of a merge or delete (the update of a theme's 50,000 messages is
 * costed at ~160,000) pass jit_above_cost, but compiling buys them nothing; the trigger
 * functions they fire carry jit = off themselves (migration 0008). Off until the
 * transaction ends.
 */
export async function withoutJit(db: Db): Promise<void> {
  await db.execute(sql`select set_config('jit', 'off', true)`);
}

/** Points every row of `table.column = from` at `to`. */
function repoint(db: Db, table: string, from: number, to: number): Promise<number> {
  return countOf(
    db,
    sql`update ${sql.identifier(table)} set theme_id = ${to} where theme_id = ${from} returning 1`,
  );
}

/**
 * Copies the links of theme `from` to theme `to` in a (key, theme_id) link table, keeping
 * the target's row on a repeat; the source rows go with the source theme (cascade).
 * Answers how many links the source had.
 */
async function carryLinks(db: Db, table: string, columns: readonly string[], from: number, to: number) {
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`with source as (select ${list} from ${sql.identifier(table)} where theme_id = ${from}),
             carried as (insert into ${sql.identifier(table)} (${list}, theme_id)
                         select ${list}, ${to}::int from source on conflict do nothing returning 1)
        select (select count(*) from source) as n, (select count(*) from carried) as carried`,
  );
  return Number(row.n);
}

/**
 * Markups of the target (or moving to it) that would repeat a classification the
 * message keeps: the primary one (the message's theme and info reason) or another
 * markup with the same theme and info reason. Runs after messages moved, so a message
 * of either theme now has the target as its primary theme.
 */
async function dropRepeatedMarkups(db: Db, from: number, to: number): Promise<number> {
  const primary = await countOf(
    db,
    sql`delete from message_markups mm using messages m
         where mm.theme_id in (${from}, ${to}) and m.id = mm.message_id and m.theme_id = ${to}
           and m.info_reason_id is not distinct from mm.info_reason_id
        returning 1`,
  );
  // Among markups of the source, the target's own markup wins, then the oldest.
  const repeated = await countOf(
    db,
    sql`delete from message_markups mm
         where mm.theme_id = ${from}
           and exists (
             select 1 from message_markups o
              where o.message_id = mm.message_id and o.id <> mm.id
                and o.info_reason_id is not distinct from mm.info_reason_id
                and (o.theme_id = ${to} or (o.theme_id = ${from} and o.id < mm.id)))
        returning 1`,
  );
  return primary + repeated;
}

/**
 * Glues theme `from` into theme `to`: every row that names the source names the target.
 * Set-based statements only (a theme may hold 50,000 messages); the caller runs it in a
 * transaction with both themes locked and deletes the source afterwards.
 */
export async function moveThemeContents(db: Db, from: number, to: number): Promise<ThemeMergeCounts> {
  await withoutJit(db);
  const messages = await repointMessages(db, from, to);
  const dropped = await dropRepeatedMarkups(db, from, to);
  const markups = await repoint(db, 'message_markups', from, to);
  const fragments = await repoint(db, 'fragments', from, to);
  const quotes = await repoint(db, 'quotes', from, to);
  const infoReasons = await repoint(db, 'info_reasons', from, to);
  const lomTypes = await repoint(db, 'lom_types', from, to);
  const lomFocuses = await repoint(db, 'lom_focuses', from, to);
  const favourites = await carryLinks(db, 'favourite_themes', ['user_id', 'created_at'], from, to);
  const rubrics = await carryLinks(db, 'rubric_themes', ['rubric_id'], from, to);
  const regions = await carryLinks(db, 'region_themes', ['region_id'], from, to);
  const cities = await carryLinks(db, 'city_themes', ['city_id'], from, to);
  const conversations = await carryLinks(db, 'conversation_themes', ['conversation_id'], from, to);
  const dashboardLoms = await carryLinks(db, 'theme_dashboard_loms', ['lom_id', 'tonality'], from, to);
  // One pin per theme (dashboard_themes_theme_uq): the target's pin stays when it has one.
  const dashboard = await countOf(
    db,
    sql`update dashboard_themes set theme_id = ${to}
         where theme_id = ${from} and not exists (select 1 from dashboard_themes d where d.theme_id = ${to})
        returning 1`,
  );
  return {
    messages,
    fragments,
    quotes,
    markups,
    markups_dropped: dropped,
    info_reasons: infoReasons,
    favourites,
    rubrics,
    regions,
    cities,
    conversations,
    lom_types: lomTypes,
    lom_focuses: lomFocuses,
    dashboard_loms: dashboardLoms,
    dashboard,
  };
}

/**
 * After moveThemeContents: drops the links the source theme still has (they were copied to the target), for a
 * merge that keeps the source as an inactive row instead of deleting it (whose cascade would drop them).
 */
export async function dropThemeLinks(db: Db, themeId: number): Promise<void> {
  for (const table of [
    'favourite_themes',
    'rubric_themes',
    'region_themes',
    'city_themes',
    'conversation_themes',
    'theme_dashboard_loms',
    'dashboard_themes',
  ]) {
    await db.execute(sql`delete from ${sql.identifier(table)} where theme_id = ${themeId}`);
  }
}
