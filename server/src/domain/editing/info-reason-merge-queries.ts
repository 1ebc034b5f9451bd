import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';

// The set-based statements that move what carries one info reason to another (a merge, docs/info-reasons.md
// "Merging"), or off it (a delete): shared by the info reasons feature and the admin info reasons list.

/** What carried an info reason: enough to put it back by hand (the action log keeps it). */
export interface Carriers {
  message_ids: number[];
  fragment_ids: number[];
  quote_ids: number[];
  markup_ids: number[];
}

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id));

/** The messages of an info reason, locked, in id order. */
export async function lockMessagesOf(db: Db, infoReasonId: number): Promise<number[]> {
  return ids(
    await queryRows<{ id: number }>(
      db,
      sql`select id from messages where info_reason_id = ${infoReasonId} order by id for update`,
    ),
  );
}

/**
 * Points every message, fragment, quote and markup of `from` at `to` (null clears
 * them) in four set-based statements; answers what moved. Messages must be locked
 * first (lockMessagesOf) so their aggregates can be refreshed after.
 */
export async function moveCarriers(db: Db, from: number, to: number | null): Promise<Carriers> {
  const target = sql`${to}::int`;
  const messageIds = ids(
    await queryRows<{ id: number }>(
      db,
      sql`update messages set info_reason_id = ${target}, updated_at = now()
           where info_reason_id = ${from} returning id`,
    ),
  );
  const fragmentIds = ids(
    await queryRows<{ id: number }>(
      db,
      sql`update fragments set info_reason_id = ${target} where info_reason_id = ${from} returning id`,
    ),
  );
  const quoteIds = ids(
    await queryRows<{ id: number }>(
      db,
      sql`update quotes set info_reason_id = ${target} where info_reason_id = ${from} returning id`,
    ),
  );
  const markupIds = ids(
    await queryRows<{ id: number }>(
      db,
      sql`update message_markups set info_reason_id = ${target} where info_reason_id = ${from} returning id`,
    ),
  );
  const sort = (list: number[]) => list.sort((a, b) => a - b);
  return {
    message_ids: sort(messageIds),
    fragment_ids: sort(fragmentIds),
    quote_ids: sort(quoteIds),
    markup_ids: sort(markupIds),
  };
}

export interface RemovedMarkup {
  id: number;
  message_id: number;
  theme_id: number | null;
  mood: number | null;
}

/**
 * After a merge into `infoReasonId`, drops the moved markups that now repeat a
 * classification of their message: the primary one (same theme and info reason) or
 * another markup with the same theme and info reason (one that was there before, or
 * a moved one of a lower id). Answers what was dropped.
 */
export async function dropRepeatedMarkups(
  db: Db,
  infoReasonId: number,
  movedIds: readonly number[],
): Promise<RemovedMarkup[]> {
  if (movedIds.length === 0) return [];
  const moved = sql`${pgArray(movedIds)}::int[]`;
  const rows = await queryRows<RemovedMarkup>(
    db,
    sql`delete from message_markups mm
         where mm.id = any(${moved})
           and (exists (select 1 from messages m
                         where m.id = mm.message_id and m.info_reason_id = ${infoReasonId}
                           and m.theme_id is not distinct from mm.theme_id)
             or exists (select 1 from message_markups o
                         where o.message_id = mm.message_id and o.id <> mm.id
                           and o.info_reason_id = ${infoReasonId}
                           and o.theme_id is not distinct from mm.theme_id
                           and (not o.id = any(${moved}) or o.id < mm.id)))
        returning mm.id, mm.message_id, mm.theme_id, mm.mood`,
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      message_id: Number(row.message_id),
      theme_id: row.theme_id,
      mood: row.mood,
    }))
    .sort((a, b) => a.id - b.id);
}

/** The favourites of `from` become favourites of `to` (a user who had both keeps one). Answers the users. */
export async function moveFavourites(db: Db, from: number, to: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`insert into favourite_info_reasons (user_id, info_reason_id, created_at)
        select user_id, ${to}, created_at from favourite_info_reasons where info_reason_id = ${from}
        on conflict do nothing
        returning user_id`,
  );
  return rows.map((row) => Number(row.user_id)).sort((a, b) => a - b);
}

/** Drops the favourites of an info reason (after moveFavourites copied them to the target of a merge). */
export async function dropFavourites(db: Db, infoReasonId: number): Promise<void> {
  await db.execute(sql`delete from favourite_info_reasons where info_reason_id = ${infoReasonId}`);
}
