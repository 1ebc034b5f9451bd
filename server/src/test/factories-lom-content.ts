import type { Db } from '../db/client.ts';
import { lomFactArticles, lomFacts, lomNews } from '../db/schema/index.ts';

// Factories for the lom card's facts and web search results (features/lom-content).

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export interface ArticleValues {
  articleId: number;
  headline: string;
  wroteAt: Date;
  text?: string;
}

export interface LomFactOverrides extends Omit<Insert<typeof lomFacts>, 'lomId'> {
  /** Press articles of the fact (source «Пресса»). */
  articles?: readonly ArticleValues[];
}

/** A fact of the lom (type 3, facts, on 2025-04-01 unless told) with its press articles. */
export async function buildLomFact(db: Db, lomId: number, overrides: LomFactOverrides = {}) {
  const { articles = [], ...values } = overrides;
  const [fact] = await db
    .insert(lomFacts)
    .values({ lomId, lomFactId: 3, factName: `Факт ${next()}`, date: '2025-04-01', ...values })
    .returning();
  if (articles.length > 0) {
    await db.insert(lomFactArticles).values(
      articles.map((a) => ({
        factId: fact.id,
        articleId: a.articleId,
        headline: a.headline,
        text: a.text ?? '',
        wroteAt: a.wroteAt,
        sourceName: 'Пресса',
        sourceLink: `https://press.example.ru/${a.articleId}`,
      })),
    );
  }
  return fact;
}

/** A stored web search result about the lom, updated on 2025-04-01 and not cached unless told. */
export async function buildLomNews(
  db: Db,
  lomId: number,
  overrides: Omit<Insert<typeof lomNews>, 'lomId'> = {},
) {
  const n = next();
  const [row] = await db
    .insert(lomNews)
    .values({
      lomId,
      title: `Результат ${n}`,
      text: `Текст результата ${n}`,
      url: `https://search.example.ru/result/${n}`,
      updatedAt: new Date('2025-04-01T09:00:00Z'),
      cachedAt: null,
      ...overrides,
    })
    .returning();
  return row;
}
