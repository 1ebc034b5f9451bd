import { MESSAGE_STATUSES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { ROLLUP_TIME_ZONE } from '../../db/schema/index.ts';
import { pgArray } from '../pg-array.ts';

// The set-based statements of one ingest batch (docs/ingestion.md): each runs once per batch, over arrays.

/** Namespace of pg_advisory_xact_lock(int, int): ingest batches run one at a time. */
const LOCK_INGEST = 73_010;

/** Most stored candidates read per band key: a text copied a thousand times is matched against its oldest copies. */
const CANDIDATES_PER_KEY = 20;

const textArray = (values: readonly (string | null)[]) => sql`${toPgTextArray(values)}::text[]`;

/** A text[] literal with every element quoted (pgArray leaves strings bare). */
function toPgTextArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/**
 * Ingest batches take this lock first: the look-up of existing external ids, the ids drawn for new messages and
 * the accounts created are then consistent with the batch's insert. The batch's statements run without JIT: the
 * planner overestimates the lateral probes of a batch (millions of rows for thousands), and compiling the plan
 * cost more than running it (300–500 ms of a candidate look-up of 40 ms).
 */
export async function lockIngest(db: Db): Promise<void> {
  await db.execute(sql`select set_config('jit', 'off', true), pg_advisory_xact_lock(${LOCK_INGEST}, 0)`);
}

export interface SourceRow {
  id: number;
  name: string;
  host: string;
}

export async function listSources(db: Db): Promise<SourceRow[]> {
  return queryRows<SourceRow>(db, sql`select id, name, host from sources order by id`);
}

export interface LomRow {
  id: number;
  name: string;
  region_id: number | null;
  city_id: number | null;
}

export async function findLoms(db: Db, ids: readonly number[]): Promise<LomRow[]> {
  if (ids.length === 0) return [];
  return queryRows<LomRow>(
    db,
    sql`select id, name, region_id, city_id from loms where id = any(${pgArray(ids)}::int[])`,
  );
}

/** New accounts without a lom (they wait in /admin-panel/sources); returns their ids in the order given. */
export async function insertUnlinkedSources(
  db: Db,
  rows: readonly { url: string; sourceId: number; accountName: string | null }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await queryRows<{ id: number; ord: number }>(
    db,
    sql`insert into lom_sources (source_id, url, external_link, account_name)
        select s, u, u, a from unnest(${pgArray(rows.map((r) => r.sourceId))}::int[], ${textArray(rows.map((r) => r.url))},
                                      ${textArray(rows.map((r) => r.accountName))}) with ordinality as x(s, u, a, ord)
         order by ord
        returning id`,
  );
  return inserted.map((r) => r.id);
}

export interface ExistingMessage {
  id: number;
  lom_id: number | null;
  news_id: number | null;
  source_id: number;
  external_id: string;
  url: string | null;
  wrote_at: Date;
  copy_from_id: number | null;
}

/** Stored messages by (source, external id). */
export async function findByExternalIds(
  db: Db,
  keys: readonly { sourceId: number; externalId: string }[],
): Promise<ExistingMessage[]> {
  if (keys.length === 0) return [];
  return queryRows<ExistingMessage>(
    db,
    sql`select m.id, m.lom_id, m.news_id, m.source_id, m.external_id, m.url, m.wrote_at, m.copy_from_id
          from unnest(${pgArray(keys.map((k) => k.sourceId))}::int[], ${textArray(keys.map((k) => k.externalId))}) as k(s, e)
          -- Lateral, so that each key is one probe of messages_source_external_idx whatever the statistics say
          -- (before the first ANALYZE after ingestion began, they say no message has an external id).
          cross join lateral (
            select * from messages m where m.source_id = k.s and m.external_id = k.e and m.external_id is not null limit 1
          ) m`,
  );
}

/** Ids for `n` new messages, drawn from the messages' own sequence. */
export async function nextMessageIds(db: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('messages', 'id'))::int as id from generate_series(1, ${n}::int)`,
  );
  return rows.map((r) => r.id);
}

export interface Candidate {
  /** The band keys of the batch this stored message shares. */
  keys: number[];
  id: number;
  /** Its stored shingle set (message_text_shingles), or null for a message stored without one… */
  shingles: number[] | null;
  /** …whose text is read instead (null when the shingles are there). */
  text: string | null;
  url: string | null;
  wrote_at: Date | string;
  copy_from_id: number | null;
}

/**
 * Stored messages sharing a band key with the batch's texts (the oldest CANDIDATES_PER_KEY of each key), one row
 * per message with the keys it shares, and its shingle set — its text only when it has none stored.
 */
export async function findCandidates(db: Db, keys: readonly number[]): Promise<Candidate[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<Omit<Candidate, 'keys'> & { keys: (string | number)[] }>(
    db,
    sql`select m.id, b.keys, s.shingles, case when s.shingles is null then m.text end as text, m.url, m.wrote_at,
               m.copy_from_id
          from (select b.message_id, array_agg(b.key) as keys
                  from unnest(${pgArray(keys)}::bigint[]) as k(key)
                 cross join lateral (
                   select key, message_id from message_text_bands where key = k.key order by message_id limit ${CANDIDATES_PER_KEY}
                 ) b
                 group by b.message_id) b
          join messages m on m.id = b.message_id
          left join message_text_shingles s on s.message_id = b.message_id`,
  );
  return rows.map((r) => ({ ...r, keys: r.keys.map(Number) }));
}

/** The shingle sets of new messages (parallel arrays; hashes as signed 32-bit integers). */
export async function insertShingles(
  db: Db,
  ids: readonly number[],
  sets: readonly (readonly number[])[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`insert into message_text_shingles (message_id, shingles)
        select id, s::int[] from unnest(${pgArray(ids)}::int[], ${textArray(sets.map((set) => `{${set.join(',')}}`))}) as x(id, s)
        on conflict do nothing`,
  );
}

export async function insertBands(db: Db, keys: readonly number[], ids: readonly number[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    // New messages only (fresh ids), so no pair can be stored already: a plain insert, in key order so that
    // neighbouring keys go to the same index pages.
    sql`insert into message_text_bands (key, message_id)
        select k, id from unnest(${pgArray(keys)}::bigint[], ${pgArray(ids)}::int[]) as x(k, id) order by k, id`,
  );
}

/** One message of the batch, as the upsert takes it (arrays column by column). */
export interface MessageRow {
  id: number;
  sourceId: number;
  externalId: string;
  url: string | null;
  lomId: number | null;
  lomSourceId: number | null;
  lomName: string | null;
  regionId: number | null;
  cityId: number | null;
  text: string;
  wroteAt: string;
  type: number;
  views: number;
  reposts: number;
  comments: number;
  media: string;
  screenshots: string;
  duplicates: string;
  copyFromId: number | null;
  /** The mood model's mark of a new message (null for a stored one: it keeps its own). */
  moodAi: number | null;
  moodAiConfidence: number | null;
}

const col = <K extends keyof MessageRow>(rows: readonly MessageRow[], key: K) => rows.map((r) => r[key]);
const ints = (values: readonly (number | null)[]) => sql`${pgArray(values)}::int[]`;

/** The Moscow day of a timestamptz column, as the rollups key it. */
const moscowDay = (column: string) => `(${column} at time zone '${ROLLUP_TIME_ZONE}')::date`;

/**
 * The usual reach of each (lom, Moscow day) of the batch's rows (the CTE x: lom l, wrote_at w): the lom's
 * live messages and reach (views + 10 × reposts) of the 28 days before the day in lom_day_stats, as
 * message_viral_per_cent (migration 0024) reads them per row — once per pair here. With it the statement gives
 * viral_per_cent itself and the row trigger stands aside (withViralGiven). Materialized: inlined, it was
 * computed again for every row of the batch.
 */
const USUAL_REACH = sql.raw(`usual as materialized (
          select d.lom_id, d.day,
                 coalesce(sum(s.message_count), 0)::numeric as n,
                 coalesce(sum(s.views_sum + 10 * s.reposts_sum), 0)::numeric as reach
            from (select distinct x.l as lom_id, ${moscowDay('x.w')} as day
                    from x where x.l is not null) d
            left join lom_day_stats s on s.lom_id = d.lom_id and s.day >= d.day - 28 and s.day < d.day
                                     and not s.trash and not s.archived and not s.delayed
           group by d.lom_id, d.day)`);

/**
 * Runs a statement of the ingestion that sets viral_per_cent itself (USUAL_REACH) with the row trigger of
 * migration 0024 standing aside (the transaction-local monitoring.viral_given of migration 0036), and clears the
 * setting right after, so every other statement of the transaction goes through the trigger.
 */
export async function withViralGiven<T>(db: Db, write: () => Promise<T>): Promise<T> {
  await db.execute(sql`select set_config('monitoring.viral_given', 'on', true)`);
  const result = await write();
  await db.execute(sql`select set_config('monitoring.viral_given', 'off', true)`);
  return result;
}

/**
 * Inserts the batch's messages in one statement; a (source, external id) already stored takes the new metrics,
 * url, media and screenshots instead (the messages' statement triggers keep the rollups either way). Returns
 * each row's id, lom and whether it was inserted.
 */
export async function upsertMessages(
  db: Db,
  rows: readonly MessageRow[],
): Promise<{ id: number; lom_id: number | null; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  return queryRows(
    db,
    sql`insert into messages (id, source_id, external_id, url, lom_id, lom_source_id, lom_name, region_id, city_id,
                              text, wrote_at, message_type, number_views, repost_count, comments_count, media,
                              screenshots, duplicates, copy_from_id, mood_ai, mood_ai_confidence, state,
                              viral_per_cent)
        with x as materialized (
          select * from unnest(${ints(col(rows, 'id'))}, ${ints(col(rows, 'sourceId'))}, ${textArray(col(rows, 'externalId'))},
                      ${textArray(col(rows, 'url'))}, ${ints(col(rows, 'lomId'))}, ${ints(col(rows, 'lomSourceId'))},
                      ${textArray(col(rows, 'lomName'))}, ${ints(col(rows, 'regionId'))}, ${ints(col(rows, 'cityId'))},
                      ${textArray(col(rows, 'text'))}, ${textArray(col(rows, 'wroteAt'))}::timestamptz[],
                      ${pgArray(col(rows, 'type'))}::smallint[], ${pgArray(col(rows, 'views'))}::bigint[],
                      ${ints(col(rows, 'reposts'))}, ${ints(col(rows, 'comments'))},
                      ${textArray(col(rows, 'media'))}::jsonb[], ${textArray(col(rows, 'screenshots'))}::jsonb[],
                      ${textArray(col(rows, 'duplicates'))}::jsonb[], ${ints(col(rows, 'copyFromId'))},
                      ${pgArray(col(rows, 'moodAi'))}::smallint[], ${pgArray(col(rows, 'moodAiConfidence'))}::real[])
               as x(id, s, e, u, l, ls, ln, r, c, t, w, ty, v, rp, cm, md, sc, dp, cf, ma, mc)
        ), ${USUAL_REACH}
        select x.id, s, e, u, l, ls, ln, r, c, t, w, ty, v, rp, cm, md, sc, dp, cf, ma, mc,
               case when ma is null then ${MESSAGE_STATUSES.ENTERED}::smallint else ${MESSAGE_STATUSES.AI_MARKED}::smallint end,
               message_viral_value(x.v, x.rp, usual.n, usual.reach)
          from x left join usual on usual.lom_id = x.l and usual.day = ${sql.raw(moscowDay('x.w'))}
        on conflict (source_id, external_id) where external_id is not null do update set
          number_views = excluded.number_views,
          repost_count = excluded.repost_count,
          comments_count = excluded.comments_count,
          url = coalesce(excluded.url, messages.url),
          media = excluded.media,
          screenshots = excluded.screenshots,
          updated_at = now(),
          viral_per_cent = case
            when (messages.number_views, messages.repost_count) is distinct from (excluded.number_views, excluded.repost_count)
            then message_viral_per_cent(messages.lom_id, messages.wrote_at, excluded.number_views, excluded.repost_count)
            else messages.viral_per_cent end
        returning id, lom_id, (xmax = 0) as inserted`,
  );
}

/**
 * The new metrics, url (when given), media and screenshots of stored messages (what a line sent again changes,
 * docs/ingestion.md "Idempotency"), in one statement; the rest of each row stays as first stored. The `any` lets
 * the planner probe the primary key instead of hashing the table. A message deleted since the batch's look-up is
 * not written (and not counted).
 */
export async function updateStoredMessages(
  db: Db,
  rows: readonly MessageRow[],
): Promise<{ id: number; lom_id: number | null; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const ids = ints(col(rows, 'id'));
  return queryRows(
    db,
    sql`with x as materialized (
          select x.*, m.lom_id as l, m.wrote_at as w, (m.number_views, m.repost_count) is distinct from (x.v, x.rp) as moved
            from unnest(${ids}, ${textArray(col(rows, 'url'))}, ${pgArray(col(rows, 'views'))}::bigint[],
                        ${ints(col(rows, 'reposts'))}, ${ints(col(rows, 'comments'))},
                        ${textArray(col(rows, 'media'))}::jsonb[], ${textArray(col(rows, 'screenshots'))}::jsonb[])
                 as x(id, u, v, rp, cm, md, sc)
            join messages m on m.id = x.id and m.id = any(${ids})
        ), ${USUAL_REACH}
        update messages m set
          number_views = x.v,
          repost_count = x.rp,
          comments_count = x.cm,
          url = coalesce(x.u, m.url),
          media = x.md,
          screenshots = x.sc,
          updated_at = now(),
          viral_per_cent = case when x.moved then message_viral_value(x.v, x.rp, usual.n, usual.reach)
                                else m.viral_per_cent end
          from x left join usual on usual.lom_id = x.l and usual.day = ${sql.raw(moscowDay('x.w'))}
         where m.id = x.id and m.id = any(${ids})
        returning m.id, m.lom_id, false as inserted`,
  );
}

/**
 * Adds new near-duplicates to stored messages' `duplicates` (at most `limit` entries each). The additions are read
 * once into a materialized CTE: a cast or an unnest of the parameter inside the join could be evaluated again for
 * every row, which made the update quadratic in the batch.
 */
export async function appendDuplicates(
  db: Db,
  additions: ReadonlyMap<number, readonly { id: number; url: string | null }[]>,
  limit: number,
): Promise<void> {
  if (additions.size === 0) return;
  const byId = JSON.stringify(Object.fromEntries(additions));
  await db.execute(
    sql`with a as materialized (select key::int as id, value as items from jsonb_each(${byId}::jsonb))
        update messages m
           set duplicates = (select coalesce(jsonb_agg(d), '[]'::jsonb)
                               from (select d from jsonb_array_elements(m.duplicates || a.items) d limit ${limit}) x)
          from a
         where m.id = a.id and jsonb_array_length(m.duplicates) < ${limit}`,
  );
}
