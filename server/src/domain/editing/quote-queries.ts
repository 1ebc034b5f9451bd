import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotes } from '../../db/schema/index.ts';

export type QuoteRow = typeof quotes.$inferSelect;

export async function insertQuote(db: Db, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row;
}

export async function lockQuote(db: Db, id: number): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function updateQuote(
  db: Db,
  id: number,
  set: Partial<typeof quotes.$inferInsert>,
): Promise<QuoteRow> {
  const [row] = await db.update(quotes).set(set).where(eq(quotes.id, id)).returning();
  return row;
}

export async function deleteQuote(db: Db, id: number): Promise<void> {
  await db.delete(quotes).where(eq(quotes.id, id));
}
