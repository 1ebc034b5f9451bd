import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import {
  fragments,
  infoReasons,
  lomSources,
  loms,
  messageMarkups,
  messages,
  news,
  personalTags,
  quotes,
  rubrics,
  sources,
  tags,
  themes,
} from '../db/schema/index.ts';
import { lomMetricsSql, NEWS_STATISTICS_SQL, ROLLUP_SQL } from '../demo/finalize.ts';

// Small factories for the write tests of messages, fragments and quotes.

let sequence = 0;
const next = () => ++sequence;

export async function buildSource(db: Db) {
  const [row] = await db
    .insert(sources)
    .values({ name: `Источник ${next()}` })
    .returning();
  return row;
}

export async function buildLom(db: Db, overrides: Partial<typeof loms.$inferInsert> = {}) {
  const [row] = await db
    .insert(loms)
    .values({ name: `ЛОМ ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function buildLomSource(db: Db, lomId: number | null, sourceId?: number) {
  const source = sourceId ?? (await buildSource(db)).id;
  const [row] = await db
    .insert(lomSources)
    .values({ lomId, sourceId: source, url: `https://example.ru/${next()}`, coverage: 1000 })
    .returning();
  return row;
}

export async function buildTheme(db: Db, overrides: Partial<typeof themes.$inferInsert> = {}) {
  const [row] = await db
    .insert(themes)
    .values({ name: `Тема ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function buildInfoReason(db: Db, themeId: number | null) {
  const [row] = await db
    .insert(infoReasons)
    .values({ name: `Инфоповод ${next()}`, themeId })
    .returning();
  return row;
}

export async function buildRubric(db: Db) {
  const [row] = await db
    .insert(rubrics)
    .values({ name: `Рубрика ${next()}` })
    .returning();
  return row;
}

export async function buildTag(db: Db) {
  const [row] = await db
    .insert(tags)
    .values({ name: `Тег ${next()}` })
    .returning();
  return row;
}

export async function buildPersonalTag(db: Db, userId: number) {
  const [row] = await db
    .insert(personalTags)
    .values({ userId, name: `Метка ${next()}` })
    .returning();
  return row;
}

export async function buildNews(db: Db) {
  const [row] = await db
    .insert(news)
    .values({ title: `Новость ${next()}`, wroteAt: new Date() })
    .returning();
  return row;
}

export const MESSAGE_TEXT = 'Губернатор открыл новую школу. Жители района довольны переменами.';

export async function buildMessage(db: Db, overrides: Partial<typeof messages.$inferInsert> = {}) {
  const [row] = await db
    .insert(messages)
    .values({
      text: MESSAGE_TEXT,
      wroteAt: new Date('2025-03-10T12:00:00Z'),
      si: 10,
      numberViews: 100,
      repostCount: 2,
      commentsCount: 1,
      state: 2,
      ...overrides,
    })
    .returning();
  return row;
}

export async function buildFragment(
  db: Db,
  messageId: number,
  overrides: Partial<typeof fragments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(fragments)
    .values({ messageId, text: MESSAGE_TEXT.slice(0, 10), start: 0, end: 10, ...overrides })
    .returning();
  return row;
}

export async function buildQuote(db: Db, overrides: Partial<typeof quotes.$inferInsert> = {}) {
  const [row] = await db
    .insert(quotes)
    .values({ text: 'Цитата', wroteAt: new Date('2025-03-10T12:00:00Z'), ...overrides })
    .returning();
  return row;
}

export async function buildMarkup(
  db: Db,
  messageId: number,
  overrides: Partial<typeof messageMarkups.$inferInsert> = {},
) {
  const [row] = await db
    .insert(messageMarkups)
    .values({ messageId, ...overrides })
    .returning();
  return row;
}

/** Rebuilds every aggregate from scratch (the demo loader's definitions), as after a seed. */
export async function rebuildAggregates(db: Db): Promise<void> {
  await db.execute(sql`delete from message_daily_stats`);
  await db.execute(sql.raw(ROLLUP_SQL));
  await db.execute(sql.raw(lomMetricsSql()));
  await db.execute(sql`delete from news_statistics`);
  await db.execute(sql.raw(NEWS_STATISTICS_SQL));
}

const ROLLUP_ROWS = sql`
  select to_char(day, 'YYYY-MM-DD') as day, lom_id, source_id, theme_id, info_reason_id, mood, live, verified,
         message_count, round(si_sum::numeric, 6)::text as si, views_sum::text as views,
         reposts_sum::text as reposts, comments_sum::text as comments
    from message_daily_stats
   order by 1, 2, 3, 4, 5, 6, 7, 8`;
const LOM_ROWS = sql`
  select id, round(total_si::numeric, 6)::text as total_si, total_views::text as total_views, message_number,
         messages_count, verified_count, round(average_si::numeric, 6)::text as average_si,
         last_message_at::text as last_message_at, quotes_count
    from loms order by id`;
const NEWS_ROWS = sql`
  select news_id, round(total_si::numeric, 6)::text as total_si, total_views::text as total_views,
         message_count, mood_table from news_statistics order by news_id`;

class Rollback extends Error {}

/**
 * The aggregates as kept by the write path and as a full rebuild computes them; a
 * test asserts `current` equals `expected`. The rebuild is rolled back.
 */
export async function aggregateSnapshot(db: Db) {
  const read = async (tx: Db) => ({
    rollup: await queryRows<Record<string, unknown>>(tx, ROLLUP_ROWS),
    loms: await queryRows<Record<string, unknown>>(tx, LOM_ROWS),
    news: await queryRows<Record<string, unknown>>(tx, NEWS_ROWS),
  });
  const current = await read(db);
  let expected = current;
  try {
    await db.transaction(async (tx) => {
      await rebuildAggregates(tx);
      expected = await read(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return { current, expected };
}
