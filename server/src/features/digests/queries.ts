import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { digestRuns, digests, lomGroups, personalThemes, themes, users } from '../../db/schema/index.ts';
import { offsetOf } from '../../http/pagination.ts';

// SQL of the digests API: always the caller's own digests (someone else's is not found) and their sends.

export type DigestValues = Omit<typeof digests.$inferInsert, 'id' | 'createdAt'>;
export type RunRow = typeof digestRuns.$inferSelect;

/** The channel the alert engine wakes on (migration 0041): a send asked for now does not wait for its tick. */
const ENGINE_CHANNEL = 'alert_inbox';

/** The digest with the names of what it covers and its newest send. */
export interface DigestRow {
  digest: typeof digests.$inferSelect;
  themeName: string | null;
  personalThemeName: string | null;
  lomGroupTitle: string | null;
  /** The newest run: its status, when it went (or is due) and its error. */
  lastRun: { status: string; at: string; error: string | null } | null;
}

const digestColumns = {
  digest: digests,
  themeName: themes.name,
  personalThemeName: personalThemes.name,
  lomGroupTitle: lomGroups.title,
  lastRun: sql<DigestRow['lastRun']>`(
    select json_build_object('status', r.status, 'at', coalesce(r.sent_at, r.scheduled_for), 'error', r.error)
      from ${digestRuns} r
     where r.digest_id = ${digests.id}
     order by r.scheduled_for desc, r.id desc
     limit 1)`,
};

function selectDigests(db: Db) {
  return db
    .select(digestColumns)
    .from(digests)
    .leftJoin(themes, eq(themes.id, digests.themeId))
    .leftJoin(personalThemes, eq(personalThemes.id, digests.personalThemeId))
    .leftJoin(lomGroups, eq(lomGroups.id, digests.lomGroupId));
}

/** One page of the user's digests, newest first, with the total. */
export function digestPage(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<(DigestRow & { total: number })[]> {
  return db
    .select({ ...digestColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(digests)
    .leftJoin(themes, eq(themes.id, digests.themeId))
    .leftJoin(personalThemes, eq(personalThemes.id, digests.personalThemeId))
    .leftJoin(lomGroups, eq(lomGroups.id, digests.lomGroupId))
    .where(eq(digests.userId, userId))
    .orderBy(desc(digests.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countDigests(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(digests).where(eq(digests.userId, userId));
  return row?.n ?? 0;
}

/** The user's digest; `lock` takes its row for an update in a transaction. */
export async function findDigest(
  db: Db,
  userId: number,
  id: number,
  lock = false,
): Promise<DigestRow | undefined> {
  if (lock) {
    await db
      .select({ id: digests.id })
      .from(digests)
      .where(and(eq(digests.id, id), eq(digests.userId, userId)))
      .for('update');
  }
  const [row] = await selectDigests(db).where(and(eq(digests.id, id), eq(digests.userId, userId)));
  return row;
}

export async function insertDigest(db: Db, values: DigestValues): Promise<number> {
  const [row] = await db.insert(digests).values(values).returning({ id: digests.id });
  return row.id;
}

export async function updateDigestRow(db: Db, id: number, values: Partial<DigestValues>): Promise<void> {
  await db
    .update(digests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(digests.id, id));
}

/** Deletes the user's digest with its runs; false when there was none. */
export async function deleteDigestRow(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(digests)
    .where(and(eq(digests.id, id), eq(digests.userId, userId)))
    .returning({ id: digests.id });
  return rows.length > 0;
}

/** Of these addresses, those of active user accounts (compared without case). */
export async function activeUserEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        inArray(
          sql`lower(${users.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** One page of the digest's runs, newest first, with the total. */
export function runPage(
  db: Db,
  digestId: number,
  page: number,
  pageSize: number,
): Promise<(RunRow & { total: number })[]> {
  return db
    .select({
      id: digestRuns.id,
      digestId: digestRuns.digestId,
      scheduledFor: digestRuns.scheduledFor,
      periodStart: digestRuns.periodStart,
      periodEnd: digestRuns.periodEnd,
      status: digestRuns.status,
      attempts: digestRuns.attempts,
      nextAttemptAt: digestRuns.nextAttemptAt,
      leaseUntil: digestRuns.leaseUntil,
      messageCount: digestRuns.messageCount,
      error: digestRuns.error,
      sentAt: digestRuns.sentAt,
      createdAt: digestRuns.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(digestRuns)
    .where(eq(digestRuns.digestId, digestId))
    .orderBy(desc(digestRuns.scheduledFor), desc(digestRuns.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export async function countRuns(db: Db, digestId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(digestRuns).where(eq(digestRuns.digestId, digestId));
  return row?.n ?? 0;
}

/** A run of the digest waiting for its first attempt, if there is one. */
export async function untriedRun(db: Db, digestId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(digestRuns)
    .where(
      and(eq(digestRuns.digestId, digestId), eq(digestRuns.status, 'pending'), eq(digestRuns.attempts, 0)),
    )
    .limit(1);
  return row;
}

/**
 * A send of the digest now: a pending run the engine takes on its next pass, woken at once. Undefined when a run
 * of the same moment exists already.
 */
export async function insertRun(
  db: Db,
  values: { digestId: number; scheduledFor: Date; periodStart: Date; periodEnd: Date },
): Promise<RunRow | undefined> {
  const [row] = await db
    .insert(digestRuns)
    .values({ ...values, status: 'pending', nextAttemptAt: values.scheduledFor })
    .onConflictDoNothing()
    .returning();
  if (row) await db.execute(sql`select pg_notify(${ENGINE_CHANNEL}, '')`);
  return row;
}
