import type { MessageEditResult } from '@monitoring/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  infoReasons,
  lomSources,
  loms,
  messagePersonalTags,
  messageRubrics,
  messages,
  personalTags,
  rubrics,
  tags,
  themes,
} from '../../db/schema/index.ts';

// The SQL of single-message edits; mass edits are in write-mass-queries.ts.

/** The columns of the answer after an edit (contracts `messageEditResult`) plus what rules need. */
const editColumns = {
  id: messages.id,
  verified: messages.verified,
  verified_by_super_editor: messages.verifiedBySuperEditor,
  verified_ai: messages.verifiedAi,
  delayed: messages.delayed,
  archived: messages.archived,
  trash: messages.trash,
  from_zephyr: messages.fromZephyr,
  is_manual: messages.isManual,
  mood: messages.mood,
  mood_ai: messages.moodAi,
  theme_id: messages.themeId,
  info_reason_id: messages.infoReasonId,
  state: messages.state,
  fragment_presence: messages.fragmentPresence,
  speaker_id: messages.speakerId,
  speech_timestamp: messages.speechTimestamp,
};

export type MessageRow = MessageEditResult & {
  lomId: number | null;
  text: string;
  wroteAt: Date;
};

const lockedColumns = {
  ...editColumns,
  lomId: messages.lomId,
  text: messages.text,
  wroteAt: messages.wroteAt,
};

/** The message, locked for the rest of the transaction; undefined when there is none. */
export async function lockMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select(lockedColumns).from(messages).where(eq(messages.id, id)).for('update');
  return row;
}

export type MessageSet = Partial<typeof messages.$inferInsert>;

export async function updateMessage(db: Db, id: number, set: MessageSet): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(messages.id, id))
    .returning(lockedColumns);
  return row;
}

/** The answer shape of a row. */
export function presentEdit(row: MessageRow): MessageEditResult {
  const { lomId: _lom, text: _text, wroteAt: _wrote, ...result } = row;
  return result;
}

export async function findTheme(db: Db, id: number) {
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, id));
  return row;
}

export async function findInfoReason(db: Db, id: number) {
  const [row] = await db
    .select({ id: infoReasons.id, themeId: infoReasons.themeId })
    .from(infoReasons)
    .where(eq(infoReasons.id, id));
  return row;
}

export async function findLom(db: Db, id: number) {
  const [row] = await db
    .select({ id: loms.id, name: loms.name, regionId: loms.regionId, cityId: loms.cityId })
    .from(loms)
    .where(eq(loms.id, id));
  return row;
}

export async function findLomSource(db: Db, id: number) {
  const [row] = await db
    .select({ id: lomSources.id, lomId: lomSources.lomId, sourceId: lomSources.sourceId })
    .from(lomSources)
    .where(eq(lomSources.id, id));
  return row;
}

/** Ids of the list that do not exist in the table. */
async function missingIds(
  db: Db,
  table: typeof rubrics | typeof tags | typeof themes,
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export const missingRubrics = (db: Db, ids: readonly number[]) => missingIds(db, rubrics, ids);
export const missingTags = (db: Db, ids: readonly number[]) => missingIds(db, tags, ids);
export const missingThemes = (db: Db, ids: readonly number[]) => missingIds(db, themes, ids);

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
