import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { moodModels } from '../../db/schema/index.ts';
import { pgArray } from '../pg-array.ts';

/** The advisory lock key of model replacement: one model becomes active at a time, across instances. */
const MODEL_LOCK = sql`73018, 1`;

export interface VerifiedRow {
  id: number;
  /** wrote_at in epoch milliseconds. */
  wrote_ms: number;
  text: string;
  mood: number;
}

/** The editors' verified messages with a mood, oldest first ((wrote_at, id): the split's order). */
export function verifiedMessages(db: Db): Promise<VerifiedRow[]> {
  return queryRows<VerifiedRow>(
    db,
    sql`select id, (extract(epoch from wrote_at) * 1000)::float8 as wrote_ms, text, mood::int as mood
          from messages where verified and mood between 1 and 6 order by wrote_at, id`,
  );
}

/** How many verified messages with a mood there are now (the retraining's trigger counts from a model's). */
export async function verifiedCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages where verified and mood between 1 and 6`,
  );
  return row.n;
}

export type ModelRow = typeof moodModels.$inferSelect;
export type ModelInsert = typeof moodModels.$inferInsert;
export type ModelSummaryRow = Omit<ModelRow, 'weights'>;

const { weights: _weights, ...summaryColumns } = getTableColumns(moodModels);

/** Every model, newest first, without its weights. */
export function modelHistory(db: Db): Promise<ModelSummaryRow[]> {
  return db.select(summaryColumns).from(moodModels).orderBy(desc(moodModels.id));
}

/** The active model's version and birth (null when none): a cheap check before using a cached classifier. */
export async function activeModelKey(db: Db): Promise<{ id: number; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: moodModels.id, createdAt: moodModels.createdAt })
    .from(moodModels)
    .where(eq(moodModels.active, true));
  return row ?? null;
}

/**
 * The active model's version when it was trained on features of another version (so it can no longer be
 * used and no message gets its marks), null otherwise: the retraining then trains a new one at once.
 */
export async function staleActiveModel(db: Db, featureVersion: number): Promise<number | null> {
  const [row] = await db
    .select({ id: moodModels.id, version: moodModels.featureVersion })
    .from(moodModels)
    .where(eq(moodModels.active, true));
  return row !== undefined && row.version !== featureVersion ? row.id : null;
}

/** The active model with its weights. */
export async function activeModel(db: Db): Promise<ModelRow | null> {
  const [row] = await db.select().from(moodModels).where(eq(moodModels.active, true));
  return row ?? null;
}

/** Serialises replacements (in the caller's transaction): the comparison and the switch see one active model. */
export async function lockModelReplacement(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MODEL_LOCK})`);
}

/** Stores a model; an accepted one becomes the only active one. */
export async function insertModel(tx: Db, row: ModelInsert): Promise<number> {
  if (row.active) await tx.update(moodModels).set({ active: false }).where(eq(moodModels.active, true));
  const [inserted] = await tx.insert(moodModels).values(row).returning({ id: moodModels.id });
  return inserted.id;
}

export interface CandidateRow {
  id: number;
  text: string;
}

/**
 * The messages among `ids` that may get a mark: no editor's mood, no AI mood, state 1 «entered». Locked,
 * in the order of their lom source and time, so that two writers of one source meet its rows in one order.
 */
export function markCandidates(tx: Db, ids: readonly number[]): Promise<CandidateRow[]> {
  return queryRows<CandidateRow>(
    tx,
    sql`select id, text from messages
         where id = any(${pgArray(ids)}::int[]) and mood is null and mood_ai is null and state = 1
         order by lom_source_id nulls first, wrote_at, id
         for update`,
  );
}

/**
 * One statement for a batch: mood_ai and its confidence from parallel arrays; a message in state 1
 * «entered» that gets a mood goes to state 2 «marked by AI» (null, below the threshold, leaves the state).
 */
export async function writeMarks(
  tx: Db,
  ids: readonly number[],
  moods: readonly (number | null)[],
  confidences: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update messages m
       set mood_ai = u.mood,
           mood_ai_confidence = u.confidence,
           state = case when u.mood is not null and m.state = 1 then 2 else m.state end,
           updated_at = now()
      from unnest(${pgArray(ids)}::int[], ${pgArray(moods)}::smallint[], ${pgArray(confidences)}::real[])
           as u(id, mood, confidence)
     where m.id = u.id`);
}

export interface UnmarkedRow {
  id: number;
  wrote_at: string;
}

/**
 * A page of the messages without a mark in [from, to) after the keyset (wrote_at, id), oldest first
 * (the time index's order). With `ids`, only those.
 */
export function unmarkedPage(
  db: Db,
  range: { from: string; to: string; ids: readonly number[] | null },
  after: { wroteAt: string; id: number } | null,
  limit: number,
): Promise<UnmarkedRow[]> {
  return queryRows<UnmarkedRow>(
    db,
    sql`select id, wrote_at::text as wrote_at from messages
         where wrote_at >= ${range.from}::timestamptz and wrote_at < ${range.to}::timestamptz
           and mood is null and mood_ai is null and state = 1
           ${range.ids ? sql`and id = any(${pgArray(range.ids)}::int[])` : sql``}
           ${after ? sql`and (wrote_at, id) > (${after.wroteAt}::timestamptz, ${after.id}::int)` : sql``}
         order by wrote_at, id limit ${limit}`,
  );
}

/** A page of the messages editors have not verified and the model has not judged, by id (the demo's pass). */
export function unverifiedUnjudgedPage(db: Db, afterId: number, limit: number): Promise<CandidateRow[]> {
  return queryRows<CandidateRow>(
    db,
    sql`select id, text from messages
         where id > ${afterId}::int and not verified and mood_ai is null and mood_ai_confidence is null
         order by id limit ${limit}`,
  );
}

/** The largest id of messages or fragments (0 when empty): where the demo's passes start, marking the newest only. */
export async function lastId(db: Db, table: 'messages' | 'fragments'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as id from ${sql.identifier(table)}`,
  );
  return row.id;
}

/** A page of the fragments the model has not judged, by id (the demo's pass over fragments). */
export function unjudgedFragmentPage(db: Db, afterId: number, limit: number): Promise<CandidateRow[]> {
  return queryRows<CandidateRow>(
    db,
    sql`select id, text from fragments where id > ${afterId}::int and mood_ai is null order by id limit ${limit}`,
  );
}

/** One statement for a batch of fragments: their mood_ai from parallel arrays (null below the threshold). */
export async function writeFragmentMarks(
  tx: Db,
  ids: readonly number[],
  moods: readonly (number | null)[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update fragments f set mood_ai = u.mood
      from unnest(${pgArray(ids)}::int[], ${pgArray(moods)}::smallint[]) as u(id, mood)
     where f.id = u.id`);
}

/** The verified count of the newest model (null when none): the retraining counts new verifications from it. */
export async function latestModelVerifiedCount(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ n: moodModels.verifiedCount })
    .from(moodModels)
    .orderBy(desc(moodModels.id))
    .limit(1);
  return row?.n ?? null;
}
