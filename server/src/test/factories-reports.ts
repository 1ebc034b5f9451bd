import type { Db } from '../db/client.ts';
import {
  infoReasons,
  lomSources,
  loms,
  messageRubrics,
  messages,
  quotes,
  rubrics,
  sources,
  themes,
} from '../db/schema/index.ts';

// Factories for the report tests: directory rows one by one, messages and quotes in bulk.

let sequence = 0;
const next = () => ++sequence;

export async function buildReportSource(db: Db, name = `Источник ${next()}`) {
  const [row] = await db.insert(sources).values({ name }).returning();
  return row;
}

export async function buildReportLom(db: Db, name = `ЛОМ ${next()}`) {
  const [row] = await db.insert(loms).values({ name }).returning();
  return row;
}

export async function buildReportLomSource(db: Db, lomId: number, sourceId: number) {
  const [row] = await db
    .insert(lomSources)
    .values({ lomId, sourceId, url: `https://vk.com/lom${next()}`, coverage: 1000 })
    .returning();
  return row;
}

export async function buildReportTheme(db: Db, name = `Тема ${next()}`) {
  const [row] = await db.insert(themes).values({ name }).returning();
  return row;
}

export async function buildReportInfoReason(db: Db, themeId: number, name = `Инфоповод ${next()}`) {
  const [row] = await db.insert(infoReasons).values({ name, themeId }).returning();
  return row;
}

export async function buildReportRubric(db: Db, name = `Рубрика ${next()}`) {
  const [row] = await db.insert(rubrics).values({ name }).returning();
  return row;
}

export type MessageValues = typeof messages.$inferInsert;

/** Inserts many messages in chunks of 1,000 rows per statement; answers their ids in input order. */
export async function insertMessages(db: Db, rows: readonly MessageValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 1_000) {
    const chunk = rows.slice(start, start + 1_000).map((row) => ({ text: 'Текст сообщения', ...row }));
    const inserted = await db.insert(messages).values(chunk).returning({ id: messages.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function linkRubric(db: Db, messageId: number, rubricId: number) {
  await db.insert(messageRubrics).values({ messageId, rubricId });
}

export type QuoteValues = typeof quotes.$inferInsert;

export async function insertQuotes(db: Db, rows: readonly QuoteValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(quotes)
    .values([...rows])
    .returning({ id: quotes.id });
  return inserted.map((r) => r.id);
}
