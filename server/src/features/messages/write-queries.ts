import { ACTION_TYPE } from '@monitoring/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import {
  fragments,
  messagePersonalTags,
  messageRubrics,
  messages,
  personalTags,
  personalThemes,
  quotes,
} from '../../db/schema/index.ts';
import { pgArray } from '../../domain/pg-array.ts';

// The SQL of single-message edits; mass edits are in write-mass-queries.ts.

export async function messageRubricIds(db: Db, messageId: number): Promise<number[]> {
  const rows = await db
    .select({ id: messageRubrics.rubricId })
    .from(messageRubrics)
    .where(eq(messageRubrics.messageId, messageId))
    .orderBy(messageRubrics.rubricId);
  return rows.map((r) => r.id);
}

export async function addRubrics(db: Db, messageId: number, rubricIds: readonly number[]) {
  await db
    .insert(messageRubrics)
    .values(rubricIds.map((rubricId) => ({ messageId, rubricId })))
    .onConflictDoNothing();
}

export async function removeRubrics(db: Db, messageId: number, rubricIds: readonly number[]) {
  await db
    .delete(messageRubrics)
    .where(and(eq(messageRubrics.messageId, messageId), inArray(messageRubrics.rubricId, [...rubricIds])));
}

/** The personal tags of one user on a message. */
export async function userPersonalTags(db: Db, messageId: number, userId: number) {
  return db
    .select({ id: personalTags.id, name: personalTags.name })
    .from(messagePersonalTags)
    .innerJoin(personalTags, eq(personalTags.id, messagePersonalTags.personalTagId))
    .where(and(eq(messagePersonalTags.messageId, messageId), eq(personalTags.userId, userId)))
    .orderBy(personalTags.id);
}

/** Which of the ids are personal tags of the user. */
export async function ownPersonalTagIds(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: personalTags.id })
    .from(personalTags)
    .where(and(eq(personalTags.userId, userId), inArray(personalTags.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the user's personal tags on the message; other users' tags stay. */
export async function setUserPersonalTags(db: Db, messageId: number, userId: number, ids: readonly number[]) {
  await db.execute(sql`
    delete from ${messagePersonalTags} mpt using ${personalTags} pt
     where mpt.personal_tag_id = pt.id and pt.user_id = ${userId} and mpt.message_id = ${messageId}`);
  if (ids.length === 0) return;
  await db
    .insert(messagePersonalTags)
    .values(ids.map((personalTagId) => ({ messageId, personalTagId })))
    .onConflictDoNothing();
}

export async function removePersonalTag(db: Db, messageId: number, tagId: number) {
  const rows = await db
    .delete(messagePersonalTags)
    .where(and(eq(messagePersonalTags.messageId, messageId), eq(messagePersonalTags.personalTagId, tagId)))
    .returning({ id: messagePersonalTags.personalTagId });
  return rows.length > 0;
}

/** The messages to approve, locked in id order, with whether each is approved already. */
export async function lockForApproval(db: Db, ids: readonly number[]) {
  return queryRows<{ id: number; lom_id: number | null; done: boolean }>(
    db,
    sql`select id, lom_id, verified_by_super_editor as done from messages
         where id = any(${pgArray(ids)}::int[]) order by id for update`,
  );
}

/** Sets verified_by_super_editor on the messages and logs one 'message.approve' row each. */
export async function approve(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  await db.execute(sql`
      with upd as (
        update messages set verified_by_super_editor = true, updated_at = now()
         where id = any(${pgArray(ids)}::int[]) returning id, lom_id, theme_id, info_reason_id
      )
      insert into user_actions (user_id, type, action, message_id, lom_id, theme_id, info_reason_id, old_value, new_value)
      select ${userId}, ${ACTION_TYPE.message}, 'message.approve', id, lom_id, theme_id, info_reason_id,
             '{"verified_by_super_editor":false}'::jsonb, '{"verified_by_super_editor":true}'::jsonb
        from upd`);
}

/** The AI's mood becomes the editor's on the message's fragments that have one; the changed ones with old and new. */
export async function acceptFragmentMoodsAi(db: Db, messageId: number) {
  return queryRows<{ id: number; old: number | null; mood: number }>(
    db,
    sql`with old as (select id, mood from fragments where message_id = ${messageId} and mood_ai is not null for update)
          update fragments f set mood = f.mood_ai from old where f.id = old.id and f.mood is distinct from f.mood_ai
          returning f.id, old.mood as old, f.mood`,
  );
}

/** A new message; its id. */
export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<number> {
  const [created] = await db.insert(messages).values(values).returning({ id: messages.id });
  return created.id;
}

export async function insertPersonalTheme(db: Db, values: typeof personalThemes.$inferInsert) {
  const [row] = await db.insert(personalThemes).values(values).returning();
  return row;
}

/** Every fragment of the messages, locked in id order. */
export async function lockFragmentsOfMessages(db: Db, messageIds: number[]) {
  return db
    .select()
    .from(fragments)
    .where(inArray(fragments.messageId, messageIds))
    .orderBy(asc(fragments.id))
    .for('update');
}

/** The quotes of a message, locked. */
export async function lockQuotesOfMessage(db: Db, messageId: number) {
  return db.select().from(quotes).where(eq(quotes.messageId, messageId)).for('update');
}

/** Gives the message's fragments without a speech timestamp this one. */
export async function fillFragmentSpeechTimestamps(db: Db, messageId: number, speechTimestamp: number) {
  await db
    .update(fragments)
    .set({ speechTimestamp })
    .where(and(eq(fragments.messageId, messageId), isNull(fragments.speechTimestamp)));
}
