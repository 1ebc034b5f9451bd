import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../../domain/pg-array.ts';

// The SQL of a lom merge (admin/loms/{id}/merge/, docs/admin-loms.md "Merge"): what moves, set by set.

const ids = (values: readonly number[]) => sql`${pgArray(values)}::int[]`;
const count = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/** Locks the messages of the loms (a merge takes them before any lom lock, as message writers do). */
export async function lockMessagesOf(db: Db, lomIds: readonly number[]): Promise<void> {
  await db.execute(
    sql`select count(*) from (select 1 from messages where lom_id = any(${ids(lomIds)}) for update) x`,
  );
}

/** Tables whose rows simply change lom: `[table, column]`. */
const MOVED_COLUMNS = [
  ['lom_sources', 'lom_id'],
  ['lom_sources', 'probable_lom_id'],
  ['messages', 'speaker_id'],
  ['quotes', 'lom_id'],
  ['lom_facts', 'lom_id'],
  ['lom_involvements', 'lom_id'],
  ['lom_news', 'lom_id'],
  ['vk_groups', 'lom_id'],
  ['conversation_results', 'lom_id'],
  ['lom_subscriptions', 'lom_id'],
  ['lom_subscriptions', 'subscribed_lom_id'],
] as const;

/**
 * Tables where a lom appears at most once per key (`[table, key columns]`): a row moves unless
 * the target already has one with that key (then the merged lom's row goes), and of two
 * merged loms with the same key the lower id's row moves.
 */
const KEYED_TABLES = [
  ['favourite_loms', ['user_id']],
  ['lom_group_loms', ['group_id']],
  ['theme_dashboard_loms', ['theme_id']],
  ['personal_theme_loms', ['personal_theme_id']],
  ['social_panel_loms', ['panel_id']],
  ['lom_lom_types', ['lom_type_id']],
  ['lom_lom_focuses', ['lom_focus_id']],
  ['lom_interests', ['interest_id']],
  ['lom_rubrics', ['rubric_id']],
  ['lom_thematic_groups', ['thematic_group_type_id']],
  ['lom_producer_centers', ['producer_center_id']],
  ['lom_list_and_types', ['list_and_type_id']],
  ['lom_brands', ['brand_lom_id']],
  ['lom_quality_audiences', ['source_id']],
] as const;

export type MovedCounts = Record<string, number>;

/** Moves everything of the merged loms to the target, set by set (no per-row loop). */
export async function moveLomContents(
  db: Db,
  target: number,
  merged: readonly number[],
): Promise<MovedCounts> {
  const from = ids(merged);
  const moved: MovedCounts = {};
  // The messages move with their rollups kept by lom_merge_messages (migration 0020): a bit move per
  // cell instead of the triggers' delta per message.
  const messages = await queryRows<{ n: number | string }>(
    db,
    sql`select lom_merge_messages(${target}, ${from}) as n`,
  );
  moved.messages = count(messages);
  for (const [table, column] of MOVED_COLUMNS) {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with m as (update ${sql.identifier(table)} set ${sql.identifier(column)} = ${target}
                      where ${sql.identifier(column)} = any(${from}) returning 1)
          select count(*) as n from m`,
    );
    const key = column === 'lom_id' ? table : `${table}.${column}`;
    moved[key] = count(rows);
  }
  // An account's audience follows the account; the lom's own audience stays with its lom.
  const audiences = await queryRows<{ n: number | string }>(
    db,
    sql`with m as (update lom_audiences set lom_id = ${target}
                    where lom_id = any(${from}) and lom_source_id is not null returning 1)
        select count(*) as n from m`,
  );
  moved.lom_audiences = count(audiences);
  // A panelist follows loms by id (social_panelists.lom_ids): the merged ids become the target, once.
  const panelists = await queryRows<{ n: number | string }>(
    db,
    sql`with m as (update social_panelists
                      set lom_ids = array(select distinct case when x = any(${from}) then ${target} else x end
                                            from unnest(lom_ids) as x order by 1)
                    where lom_ids && ${from} returning 1)
        select count(*) as n from m`,
  );
  moved.social_panelists = count(panelists);
  // Brands are loms too: a merged lom mentioned as a brand becomes the target (mentions summed);
  // a merged lom's mention of the target itself goes.
  await db.execute(sql`
    insert into lom_brands (lom_id, brand_lom_id, mentions, si_sum)
    select lom_id, ${target}, sum(mentions), sum(si_sum) from lom_brands
     where brand_lom_id = any(${from}) and lom_id <> ${target} and lom_id <> all(${from})
     group by lom_id
    on conflict (lom_id, brand_lom_id) do update set
      mentions = lom_brands.mentions + excluded.mentions, si_sum = lom_brands.si_sum + excluded.si_sum`);
  await db.execute(
    sql`delete from lom_brands where brand_lom_id = any(${from}) or (lom_id = any(${from}) and brand_lom_id = ${target})`,
  );
  for (const [table, keys] of KEYED_TABLES) {
    const t = sql.identifier(table);
    const keyList = sql.join(
      keys.map((k) => sql.identifier(k)),
      sql`, `,
    );
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with pick as (
            select distinct on (${keyList}) lom_id, ${keyList} from ${t}
             where lom_id = any(${from})
               and (${keyList}) not in (select ${keyList} from ${t} where lom_id = ${target})
             order by ${keyList}, lom_id),
          m as (
            update ${t} x set lom_id = ${target} from pick
             where x.lom_id = pick.lom_id and ${sql.join(
               keys.map((k) => sql`x.${sql.identifier(k)} = pick.${sql.identifier(k)}`),
               sql` and `,
             )}
            returning 1)
          select count(*) as n from m`,
    );
    moved[table] = count(rows);
    await db.execute(sql`delete from ${t} where lom_id = any(${from})`);
  }
  return moved;
}
