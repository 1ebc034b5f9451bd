import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageMarkups } from '../../db/schema/index.ts';

// The SQL of a message's markups (write-themes.ts, write-markups.ts).

export type MarkupRow = typeof messageMarkups.$inferSelect;

/** The message's markups in creation order. */
export async function markupsOf(db: Db, messageId: number) {
  return db
    .select({
      id: messageMarkups.id,
      themeId: messageMarkups.themeId,
      infoReasonId: messageMarkups.infoReasonId,
    })
    .from(messageMarkups)
    .where(eq(messageMarkups.messageId, messageId))
    .orderBy(asc(messageMarkups.id));
}

export async function insertMarkup(db: Db, values: typeof messageMarkups.$inferInsert): Promise<MarkupRow> {
  const [row] = await db.insert(messageMarkups).values(values).returning();
  return row;
}

/** The markup, locked for the rest of the transaction; undefined when there is none. */
export async function lockMarkup(db: Db, id: number): Promise<MarkupRow | undefined> {
  const [row] = await db.select().from(messageMarkups).where(eq(messageMarkups.id, id)).for('update');
  return row;
}

export async function updateMarkup(
  db: Db,
  id: number,
  set: Partial<typeof messageMarkups.$inferInsert>,
): Promise<MarkupRow> {
  const [row] = await db.update(messageMarkups).set(set).where(eq(messageMarkups.id, id)).returning();
  return row;
}

export async function deleteMarkup(db: Db, id: number): Promise<void> {
  await db.delete(messageMarkups).where(eq(messageMarkups.id, id));
}

/** Removes the message's markups of these themes. */
export async function deleteMarkupsOfThemes(db: Db, messageId: number, themeIds: number[]): Promise<void> {
  await db
    .delete(messageMarkups)
    .where(and(eq(messageMarkups.messageId, messageId), inArray(messageMarkups.themeId, themeIds)));
}

export async function setMarkupInfoReason(db: Db, id: number, infoReasonId: number | null): Promise<void> {
  await db.update(messageMarkups).set({ infoReasonId }).where(eq(messageMarkups.id, id));
}

export async function setMarkupsInfoReason(
  db: Db,
  ids: number[],
  infoReasonId: number | null,
): Promise<void> {
  await db.update(messageMarkups).set({ infoReasonId }).where(inArray(messageMarkups.id, ids));
}
