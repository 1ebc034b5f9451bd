import type { ListEnvelope, PickItem, PickListQuery } from '@monitoring/contracts';
import { and, asc, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lomFactArticles, lomFacts, lomFactTypes, lomNews, loms } from '../../db/schema/index.ts';
import { pickPage } from '../../domain/pick-lists/pick-list-queries.ts';
import { offsetOf } from '../../http/pagination.ts';
import { type InstantPeriod, totalCount } from './queries.ts';

// The SQL of the lom card's facts tab: fact types, facts, their press articles and the web
// search results (docs/lom-content.md).

export async function factTypes(db: Db) {
  return db
    .select({ id: lomFactTypes.id, name: lomFactTypes.name })
    .from(lomFactTypes)
    .orderBy(asc(lomFactTypes.id));
}

/**
 * The lom's facts (optionally those dated within [fromDay, toDay]) with their articles:
 * one row per article, a fact without articles once with null article columns.
 */
export async function factRows(db: Db, lomId: number, fromDay?: string, toDay?: string) {
  const f = lomFacts;
  const a = lomFactArticles;
  const where: SQL[] = [eq(f.lomId, lomId)];
  if (fromDay) where.push(gte(f.date, fromDay));
  if (toDay) where.push(lte(f.date, toDay));
  return db
    .select({
      id: f.id,
      lomFactId: f.lomFactId,
      factName: f.factName,
      date: sql<string>`${f.date}::text`,
      articleId: a.articleId,
      headline: a.headline,
      wroteAt: a.wroteAt,
      sourceName: a.sourceName,
      sourceLink: a.sourceLink,
    })
    .from(f)
    .leftJoin(a, eq(a.factId, f.id))
    .where(and(...where))
    .orderBy(asc(f.lomFactId), desc(f.date), desc(f.id), desc(a.wroteAt), desc(a.id));
}
export type FactRow = Awaited<ReturnType<typeof factRows>>[number];

/** An article's columns with those of the fact it backs (the articles list and one article). */
const articleWithFact = {
  articleId: lomFactArticles.articleId,
  headline: lomFactArticles.headline,
  wroteAt: lomFactArticles.wroteAt,
  sourceName: lomFactArticles.sourceName,
  sourceLink: lomFactArticles.sourceLink,
  factId: lomFacts.id,
  lomFactId: lomFacts.lomFactId,
  factName: lomFacts.factName,
  date: sql<string>`${lomFacts.date}::text`,
};

/** The lom's articles of the period (by their date), newest first, each with its fact. */
export async function articlesPage(db: Db, lomId: number, period: InstantPeriod, page: number, size: number) {
  const f = lomFacts;
  const a = lomFactArticles;
  const where: SQL[] = [eq(f.lomId, lomId)];
  if (period.after) where.push(gte(a.wroteAt, period.after));
  if (period.before) where.push(lt(a.wroteAt, period.before));
  return db
    .select({ ...articleWithFact, total: totalCount() })
    .from(a)
    .innerJoin(f, eq(f.id, a.factId))
    .where(and(...where))
    .orderBy(desc(a.wroteAt), desc(a.id))
    .limit(size)
    .offset(offsetOf(page, size));
}

export type LomArticleRow = Awaited<ReturnType<typeof articlesPage>>[number];

/** Every stored copy of a press article (one per fact it backs), oldest copy first. */
export async function articleRows(db: Db, articleId: number) {
  const f = lomFacts;
  const a = lomFactArticles;
  return db
    .select({ ...articleWithFact, text: a.text, lomId: loms.id, lomName: loms.name })
    .from(a)
    .innerJoin(f, eq(f.id, a.factId))
    .innerJoin(loms, eq(loms.id, f.lomId))
    .where(eq(a.articleId, articleId))
    .orderBy(asc(a.id));
}

export type ArticleRow = Awaited<ReturnType<typeof articleRows>>[number];

const newsColumns = {
  id: lomNews.id,
  title: lomNews.title,
  text: lomNews.text,
  url: lomNews.url,
  updatedAt: lomNews.updatedAt,
  cachedAt: lomNews.cachedAt,
};

/** A page of the lom's stored search results, most recently updated first. */
export async function newsPage(db: Db, lomId: number, page: number, size: number) {
  return db
    .select({ ...newsColumns, total: totalCount() })
    .from(lomNews)
    .where(eq(lomNews.lomId, lomId))
    .orderBy(desc(lomNews.updatedAt), desc(lomNews.id))
    .limit(size)
    .offset(offsetOf(page, size));
}
export type NewsRow = Awaited<ReturnType<typeof newsPage>>[number];

/** The latest cache stamp of the lom's results (null when none was ever cached). */
export async function newsCachedAt(db: Db, lomId: number): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`max(${lomNews.cachedAt})`.mapWith((v) => (v === null ? null : new Date(v))),
    })
    .from(lomNews)
    .where(eq(lomNews.lomId, lomId));
  return row?.at ?? null;
}

/** Stamps every stored result of the lom as re-read now. */
export async function stampNewsCache(db: Db, lomId: number): Promise<void> {
  await db.update(lomNews).set({ cachedAt: sql`now()` }).where(eq(lomNews.lomId, lomId));
}

/** lom-facts/ (directory): the fact types as a pick list. */
export function factTypePickList(db: Db, query: PickListQuery): Promise<ListEnvelope<PickItem>> {
  return pickPage(
    () =>
      db
        .select({ id: lomFactTypes.id, name: lomFactTypes.name, total: totalCount() })
        .from(lomFactTypes)
        .$dynamic(),
    // The types are a fixed list of the spec (1 protests, 2 scandals, 3 facts): listed in id order.
    { id: lomFactTypes.id, name: lomFactTypes.name, orderBy: [asc(lomFactTypes.id)] },
    query,
    (row) => ({ id: row.id, name: row.name }),
  );
}
