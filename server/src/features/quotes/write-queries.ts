import type { QuoteResult } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotes } from '../../db/schema/index.ts';

export type QuoteRow = typeof quotes.$inferSelect;

export function presentQuote(row: QuoteRow): QuoteResult {
  return {
    id: row.id,
    message_id: row.messageId,
    fragment_id: row.fragmentId,
    lom_id: row.lomId,
    text: row.text,
    speech_timestamp: row.speechTimestamp,
    mood: row.mood,
    theme_id: row.themeId,
    info_reason_id: row.infoReasonId,
    wrote_at: row.wroteAt.toISOString(),
    is_manual: row.isManual,
  };
}

/** The values a log row keeps of a quote. */
export const quoteValues = (row: QuoteRow) => ({
  id: row.id,
  text: row.text,
  lom_id: row.lomId,
  mood: row.mood,
  theme_id: row.themeId,
  info_reason_id: row.infoReasonId,
});

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
