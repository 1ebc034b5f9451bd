import type { Db } from '../db/client.ts';
import {
  contentTypes,
  fragments,
  fragmentTags,
  messageComments,
  messageMarkups,
  messageRubrics,
  messages,
  messageTags,
  news,
  quotes,
} from '../db/schema/index.ts';

// Factories for messages and what hangs on them: fragments, markups, comments, quotes, news; and bulk inserts
// for the report tests.

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export const MESSAGE_TEXT = 'Губернатор открыл новую школу. Жители района довольны переменами.';

export interface MessageOverrides extends Insert<typeof messages> {
  /** Written at noon Moscow time of this day (YYYY-MM-DD); `wroteAt` wins when both are given. */
  day?: string;
  rubricIds?: number[];
  tagIds?: number[];
}

/**
 * A message marked by AI (state 2) with MESSAGE_TEXT, SI 10, 100 views, 2 reposts and 1 comment, written on
 * 2025-03-10 at 12:00 UTC unless told otherwise; linked to `rubricIds` and `tagIds`.
 */
export async function buildMessage(db: Db, overrides: MessageOverrides = {}) {
  const { rubricIds = [], tagIds = [], day, ...values } = overrides;
  const wroteAt =
    values.wroteAt ?? (day ? new Date(`${day}T12:00:00+03:00`) : new Date('2025-03-10T12:00:00Z'));
  const [row] = await db
    .insert(messages)
    .values({
      text: MESSAGE_TEXT,
      si: 10,
      numberViews: 100,
      repostCount: 2,
      commentsCount: 1,
      state: 2,
      ...values,
      wroteAt,
    })
    .returning();
  if (rubricIds.length) {
    await db.insert(messageRubrics).values(rubricIds.map((rubricId) => ({ messageId: row.id, rubricId })));
  }
  if (tagIds.length)
    await db.insert(messageTags).values(tagIds.map((tagId) => ({ messageId: row.id, tagId })));
  return row;
}

export interface FragmentOverrides extends Omit<Insert<typeof fragments>, 'messageId'> {
  tagIds?: number[];
}

/** A fragment of the message: the first 10 characters of MESSAGE_TEXT unless told, tagged with `tagIds`. */
export async function buildFragment(db: Db, messageId: number, overrides: FragmentOverrides = {}) {
  const { tagIds = [], ...values } = overrides;
  const [row] = await db
    .insert(fragments)
    .values({ messageId, text: MESSAGE_TEXT.slice(0, 10), start: 0, end: 10, ...values })
    .returning();
  if (tagIds.length)
    await db.insert(fragmentTags).values(tagIds.map((tagId) => ({ fragmentId: row.id, tagId })));
  return row;
}

export async function buildMarkup(
  db: Db,
  messageId: number,
  overrides: Omit<Insert<typeof messageMarkups>, 'messageId'> = {},
) {
  const [row] = await db
    .insert(messageMarkups)
    .values({ messageId, ...overrides })
    .returning();
  return row;
}

export async function buildComment(
  db: Db,
  messageId: number,
  overrides: Omit<Insert<typeof messageComments>, 'messageId'> = {},
) {
  const [row] = await db
    .insert(messageComments)
    .values({
      messageId,
      authorName: `Читатель ${next()}`,
      text: 'Комментарий',
      wroteAt: new Date('2025-03-10T10:00:00Z'),
      ...overrides,
    })
    .returning();
  return row;
}

/** A quote «Цитата» of no message, written on 2025-03-10 at 12:00 UTC unless told. */
export async function buildQuote(db: Db, overrides: Insert<typeof quotes> = {}) {
  const [row] = await db
    .insert(quotes)
    .values({ text: 'Цитата', wroteAt: new Date('2025-03-10T12:00:00Z'), ...overrides })
    .returning();
  return row;
}

/** A news item (a story several messages tell), written now unless told. */
export async function buildNews(db: Db, overrides: Insert<typeof news> = {}) {
  const [row] = await db
    .insert(news)
    .values({ title: `Новость ${next()}`, wroteAt: new Date(), ...overrides })
    .returning();
  return row;
}

/** Content types have the spec's fixed ids (1 post, 2 short video, 3 video). */
export async function ensureContentTypes(db: Db) {
  await db
    .insert(contentTypes)
    .values([
      { id: 1, name: 'Пост/текст' },
      { id: 2, name: 'Короткое видео/сторис' },
      { id: 3, name: 'Видео' },
    ])
    .onConflictDoNothing();
}

export type MessageValues = typeof messages.$inferInsert;

/**
 * Inserts many messages in chunks of 1,000 rows per statement, with the schema's defaults (not buildMessage's);
 * answers their ids in input order.
 */
export async function insertMessages(db: Db, rows: readonly MessageValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 1_000) {
    const chunk = rows.slice(start, start + 1_000).map((row) => ({ text: 'Текст сообщения', ...row }));
    const inserted = await db.insert(messages).values(chunk).returning({ id: messages.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
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

export async function linkMessageRubric(db: Db, messageId: number, rubricId: number) {
  await db.insert(messageRubrics).values({ messageId, rubricId });
}
