import { and, asc, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cooperationStatuses,
  infoReasons,
  lomSources,
  loms,
  messageComments,
  messageDailyStats,
  messages,
  quotes,
  themes,
} from '../../db/schema/index.ts';
import { quoteFilterConditions } from '../../domain/filters/quote-filter-queries.ts';
import { offsetOf } from '../../http/pagination.ts';

// The SQL of the lom card's content tabs (docs/lom-content.md); the facts tab's is in facts-queries.ts.

/** A period as instants: `after` included, `before` excluded (the day after the last one). */
export interface InstantPeriod {
  after?: Date;
  before?: Date;
}

/** `count(*) over ()` beside a page's rows: the total in the same round trip. */
export const totalCount = () => sql<number>`count(*) over ()`.mapWith(Number);

/** Live messages: neither trash, archived nor delayed (the lom's metrics count these). */
export function liveMessage(): SQL {
  return sql`not ${messages.trash} and not ${messages.archived} and not ${messages.delayed}`;
}

function messagePeriod(period: InstantPeriod): SQL[] {
  const where: SQL[] = [];
  if (period.after) where.push(gte(messages.wroteAt, period.after));
  if (period.before) where.push(lt(messages.wroteAt, period.before));
  return where;
}

export async function lomExists(db: Db, lomId: number): Promise<boolean> {
  const [row] = await db.select({ id: loms.id }).from(loms).where(eq(loms.id, lomId));
  return row !== undefined;
}

/** Live messages of the lom per Moscow day, from the daily rollup (days as YYYY-MM-DD). */
export async function postsPerDay(db: Db, lomId: number, fromDay: string, toDay: string) {
  const s = messageDailyStats;
  return db
    .select({
      day: sql<string>`${s.day}::text`,
      n: sql<number>`sum(${s.messageCount})`.mapWith(Number),
      si: sql<number>`sum(${s.siSum})`.mapWith(Number),
      views: sql<number>`sum(${s.viewsSum})`.mapWith(Number),
    })
    .from(s)
    .where(and(eq(s.lomId, lomId), eq(s.live, true), gte(s.day, fromDay), lte(s.day, toDay)))
    .groupBy(s.day)
    .orderBy(asc(s.day));
}

export type PostsDayRow = Awaited<ReturnType<typeof postsPerDay>>[number];

/** Messages in which the lom speaks: a page of ids with their time codes, newest first. */
export async function speechPage(db: Db, lomId: number, period: InstantPeriod, page: number, size: number) {
  return db
    .select({ id: messages.id, speechTimestamp: messages.speechTimestamp, total: totalCount() })
    .from(messages)
    .where(and(eq(messages.speakerId, lomId), liveMessage(), ...messagePeriod(period)))
    .orderBy(desc(messages.wroteAt), desc(messages.id))
    .limit(size)
    .offset(offsetOf(page, size));
}

/** The lom's quotes (quotes.lom_id) of the period, newest first, with the link of their message. */
export async function quotesPage(db: Db, lomId: number, period: InstantPeriod, page: number, size: number) {
  const conditions = quoteFilterConditions({
    lom_in: [lomId],
    wrote_at_after: period.after,
    wrote_at_before: period.before,
  });
  return db
    .select({
      id: quotes.id,
      text: quotes.text,
      wroteAt: quotes.wroteAt,
      mood: quotes.mood,
      themeId: quotes.themeId,
      themeName: themes.name,
      infoReasonId: quotes.infoReasonId,
      infoReasonName: infoReasons.name,
      messageId: quotes.messageId,
      fragmentId: quotes.fragmentId,
      speechTimestamp: quotes.speechTimestamp,
      isManual: quotes.isManual,
      url: sql<string | null>`coalesce(${messages.url}, ${lomSources.url})`,
      total: totalCount(),
    })
    .from(quotes)
    .leftJoin(themes, eq(themes.id, quotes.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, quotes.infoReasonId))
    .leftJoin(messages, eq(messages.id, quotes.messageId))
    .leftJoin(lomSources, eq(lomSources.id, messages.lomSourceId))
    .where(and(...conditions))
    .orderBy(desc(quotes.wroteAt), desc(quotes.id))
    .limit(size)
    .offset(offsetOf(page, size));
}
export type LomQuoteRow = Awaited<ReturnType<typeof quotesPage>>[number];

/** Readers' comments under the lom's live messages of the period, newest comment first. */
export async function commentsPage(db: Db, lomId: number, period: InstantPeriod, page: number, size: number) {
  const c = messageComments;
  return db
    .select({
      id: c.id,
      messageId: c.messageId,
      authorName: c.authorName,
      text: c.text,
      wroteAt: c.wroteAt,
      likes: c.likes,
      mood: c.mood,
      messageWroteAt: messages.wroteAt,
      messageUrl: messages.url,
      messageText: messages.text,
      total: totalCount(),
    })
    .from(c)
    .innerJoin(messages, eq(messages.id, c.messageId))
    .where(and(eq(messages.lomId, lomId), liveMessage(), ...messagePeriod(period)))
    .orderBy(desc(c.wroteAt), desc(c.id))
    .limit(size)
    .offset(offsetOf(page, size));
}
export type LomCommentRow = Awaited<ReturnType<typeof commentsPage>>[number];

export async function cooperationStatusRows(db: Db) {
  return db
    .select({ id: cooperationStatuses.id, name: cooperationStatuses.name })
    .from(cooperationStatuses)
    .orderBy(asc(cooperationStatuses.id));
}

export async function cooperationStatusById(db: Db, statusId: number) {
  const [row] = await db
    .select({ id: cooperationStatuses.id, name: cooperationStatuses.name })
    .from(cooperationStatuses)
    .where(eq(cooperationStatuses.id, statusId));
  return row ?? null;
}

/** The lom's cooperation status, the row locked for the change. */
export async function lockLomCooperation(db: Db, lomId: number) {
  const [row] = await db
    .select({ id: loms.id, cooperationId: loms.cooperationId })
    .from(loms)
    .where(eq(loms.id, lomId))
    .for('update');
  return row ?? null;
}

export async function setLomCooperation(db: Db, lomId: number, cooperationId: number): Promise<void> {
  await db.update(loms).set({ cooperationId }).where(eq(loms.id, lomId));
}
