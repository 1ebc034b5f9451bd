import type { Db } from '../db/client.ts';
import { lomFactArticles, lomFacts, lomNews } from '../db/schema/index.ts';

// Factories for the lom card's facts and web search results (features/lom-content).

let sequence = 0;
const next = () => ++sequence;

export interface ArticleValues {
  articleId: number;
  headline: string;
  wroteAt: Date;
  text?: string;
}

/** A fact of the lom on `date` (YYYY-MM-DD) with its press articles (source «Пресса»). */
export async function makeFact(
  db: Db,
  lomId: number,
  lomFactId: number,
  factName: string,
  date: string,
  articles: readonly ArticleValues[],
) {
  const [fact] = await db.insert(lomFacts).values({ lomId, lomFactId, factName, date }).returning();
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

/** A stored web search result about the lom. */
export async function makeNews(
  db: Db,
  lomId: number,
  values: { title?: string; updatedAt?: Date; cachedAt?: Date | null } = {},
) {
  const n = next();
  const [row] = await db
    .insert(lomNews)
    .values({
      lomId,
      title: values.title ?? `Результат ${n}`,
      text: `Текст результата ${n}`,
      url: `https://search.example.ru/result/${n}`,
      updatedAt: values.updatedAt ?? new Date('2025-04-01T09:00:00Z'),
      cachedAt: values.cachedAt === undefined ? null : values.cachedAt,
    })
    .returning();
  return row;
}
