import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favouriteLoms, loms } from '../../db/schema/index.ts';

// The SQL of the lom writes of service.ts; the list and the card read domain/lom-list-queries.ts.

/** The lom, locked for the rest of the transaction; undefined when there is none. */
export async function lockLom(db: Db, lomId: number) {
  const [row] = await db
    .select({ id: loms.id, isActive: loms.isActive })
    .from(loms)
    .where(eq(loms.id, lomId))
    .for('update');
  return row;
}

/** Removes the user's favourite mark of the lom; whether there was one. */
export async function removeFavourite(db: Db, userId: number, lomId: number): Promise<boolean> {
  const removed = await db
    .delete(favouriteLoms)
    .where(and(eq(favouriteLoms.userId, userId), eq(favouriteLoms.lomId, lomId)))
    .returning({ lomId: favouriteLoms.lomId });
  return removed.length > 0;
}

export async function addFavourite(db: Db, userId: number, lomId: number): Promise<void> {
  await db.insert(favouriteLoms).values({ userId, lomId });
}

export async function setActive(db: Db, lomId: number, isActive: boolean): Promise<void> {
  await db.update(loms).set({ isActive }).where(eq(loms.id, lomId));
}
