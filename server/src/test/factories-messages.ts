import type { Db } from '../db/client.ts';
import {
  cities,
  contentTypes,
  fragments,
  fragmentTags,
  infoReasons,
  lomSources,
  loms,
  messageComments,
  messageMarkups,
  messagePersonalTags,
  messageRubrics,
  messages,
  messageTags,
  personalTags,
  quotes,
  regions,
  rubrics,
  sources,
  tags,
  themes,
} from '../db/schema/index.ts';

// Factories for the message reads: each test builds the rows it asserts on.

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function makeLom(db: Db, overrides: Insert<typeof loms> = {}) {
  const [row] = await db
    .insert(loms)
    .values({ name: `ЛОМ чтения ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function makeSource(db: Db, overrides: Insert<typeof sources> = {}) {
  const [row] = await db
    .insert(sources)
    .values({ name: `Площадка ${next()}`, icon: 'icon.svg', ...overrides })
    .returning();
  return row;
}

export async function makeLomSource(db: Db, lomId: number, sourceId: number) {
  const [row] = await db
    .insert(lomSources)
    .values({ lomId, sourceId, url: `https://example.ru/acc/${next()}`, coverage: 500 })
    .returning();
  return row;
}

export async function makeTheme(db: Db, overrides: Insert<typeof themes> = {}) {
  const [row] = await db
    .insert(themes)
    .values({ name: `Тема чтения ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function makeInfoReason(db: Db, themeId: number | null = null) {
  const [row] = await db
    .insert(infoReasons)
    .values({ name: `Инфоповод чтения ${next()}`, themeId })
    .returning();
  return row;
}

export async function makeRubric(db: Db) {
  const [row] = await db
    .insert(rubrics)
    .values({ name: `Рубрика ${next()}` })
    .returning();
  return row;
}

export async function makeTag(db: Db) {
  const [row] = await db
    .insert(tags)
    .values({ name: `тег-${next()}` })
    .returning();
  return row;
}

export async function makeRegion(db: Db) {
  const [region] = await db
    .insert(regions)
    .values({ name: `Регион ${next()}` })
    .returning();
  const [city] = await db
    .insert(cities)
    .values({ name: `Город ${next()}`, regionId: region.id })
    .returning();
  return { region, city };
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

export interface MessageOverrides extends Insert<typeof messages> {
  rubricIds?: number[];
  tagIds?: number[];
}

/** A message written at noon Moscow time of `day` (YYYY-MM-DD) unless wroteAt is given. */
export async function makeMessage(db: Db, overrides: MessageOverrides & { day?: string } = {}) {
  const { rubricIds = [], tagIds = [], day, ...values } = overrides;
  const wroteAt = values.wroteAt ?? new Date(`${day ?? '2025-03-10'}T12:00:00+03:00`);
  const [row] = await db
    .insert(messages)
    .values({ text: `Сообщение ${next()}`, ...values, wroteAt })
    .returning();
  if (rubricIds.length) {
    await db.insert(messageRubrics).values(rubricIds.map((rubricId) => ({ messageId: row.id, rubricId })));
  }
  if (tagIds.length)
    await db.insert(messageTags).values(tagIds.map((tagId) => ({ messageId: row.id, tagId })));
  return row;
}

export async function makeFragment(
  db: Db,
  messageId: number,
  overrides: Insert<typeof fragments> & { tagIds?: number[] } = {},
) {
  const { tagIds = [], ...values } = overrides;
  const [row] = await db
    .insert(fragments)
    .values({ messageId, text: 'фрагмент', start: 0, end: 8, ...values })
    .returning();
  if (tagIds.length)
    await db.insert(fragmentTags).values(tagIds.map((tagId) => ({ fragmentId: row.id, tagId })));
  return row;
}

export async function makeQuote(db: Db, overrides: Insert<typeof quotes> = {}) {
  const [row] = await db
    .insert(quotes)
    .values({ text: `Цитата ${next()}`, wroteAt: new Date('2025-03-10T09:00:00Z'), ...overrides })
    .returning();
  return row;
}

export async function makeMarkup(db: Db, messageId: number, overrides: Insert<typeof messageMarkups> = {}) {
  const [row] = await db
    .insert(messageMarkups)
    .values({ messageId, ...overrides })
    .returning();
  return row;
}

export async function makeComment(db: Db, messageId: number, overrides: Insert<typeof messageComments> = {}) {
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

/** A personal tag of `userId` put on the message. */
export async function makePersonalTagOn(db: Db, userId: number, messageId: number, name?: string) {
  const [tag] = await db
    .insert(personalTags)
    .values({ userId, name: name ?? `личный ${next()}` })
    .returning();
  await db.insert(messagePersonalTags).values({ messageId, personalTagId: tag.id });
  return tag;
}
