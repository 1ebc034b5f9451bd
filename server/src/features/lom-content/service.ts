import {
  ACTION_TYPE,
  COOPERATION_NONE,
  type ListEnvelope,
  type LomArticleDetail,
  type LomArticleItem,
  type LomCommentItem,
  type LomCommentsQuery,
  type LomCooperationResponse,
  type LomFactsQuery,
  type LomFactsResponse,
  type LomPostsByPeriodQuery,
  type LomPostsDay,
  type LomSearchResultsQuery,
  type LomSearchResultsResponse,
  type LomSpeechItem,
  type LomTabListQuery,
  type MessageFilter,
  type MessageListItem,
  type PickItem,
  pageInfo,
  periodBoundInstant,
  type QuoteListItem,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { onPrimary } from '../../db/read-routing.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import { presentListRow } from '../../domain/lists/message-list-presenter.ts';
import { countMessages, listMessageIds, messageRowsByIds } from '../../domain/lists/message-list-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { offsetOf } from '../../http/pagination.ts';
import {
  articleRows,
  articlesPage,
  factRows,
  factTypes,
  newsCachedAt,
  newsPage,
  stampNewsCache,
} from './facts-queries.ts';
import {
  presentArticle,
  presentArticleDetail,
  presentComment,
  presentFacts,
  presentNews,
  presentPostsDays,
  presentQuote,
  presentSpeech,
} from './presenter.ts';
import {
  commentsPage,
  cooperationStatusById,
  cooperationStatusRows,
  type InstantPeriod,
  lockLomCooperation,
  lomExists,
  postsPerDay,
  quotesPage,
  setLomCooperation,
  speechPage,
} from './queries.ts';

// The lom card's content tabs (docs/lom-content.md). Every read of one lom answers 404
// for an unknown lom; the tab rules (assertLomCardTab) are checked by the routes.

const LOM_NOT_FOUND = 'ЛОМ не найден';

async function requireLom(db: Db, lomId: number): Promise<void> {
  if (!(await lomExists(db, lomId))) throw notFound(LOM_NOT_FOUND);
}

/** The card's Moscow days as instants: from the first day's midnight to the midnight after the last. */
export function instantPeriod(query: { period_after?: string; period_before?: string }): InstantPeriod {
  return {
    after: query.period_after ? (periodBoundInstant(query.period_after, 'after') ?? undefined) : undefined,
    before: query.period_before
      ? (periodBoundInstant(query.period_before, 'before') ?? undefined)
      : undefined,
  };
}

/**
 * A page cut with `count(*) over ()`: past the last page no row carries the total, so the
 * first page's first row is read for it.
 */
async function paged<Row extends { total: number }, Item>(
  fetch: (page: number, size: number) => Promise<Row[]>,
  page: number,
  size: number,
  present: (row: Row) => Item,
): Promise<ListEnvelope<Item>> {
  const rows = await fetch(page, size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) total = (await fetch(1, 1))[0]?.total ?? 0;
  return { results: rows.map(present), ...pageInfo(page, size, total) };
}

/** Publications: the lom's live messages of the period, newest first (the message list's rows). */
export async function listPublications(
  db: Db,
  lomId: number,
  query: LomTabListQuery,
): Promise<ListEnvelope<MessageListItem>> {
  await requireLom(db, lomId);
  const period = instantPeriod(query);
  const filter: MessageFilter = {
    ordering: '-wrote_at',
    lom_in: [lomId],
    wrote_at_after: period.after,
    wrote_at_before: period.before,
    trash: false,
    archived: false,
    delayed: false,
  };
  const { page, page_size: size } = query;
  const ids = await listMessageIds(db, filter, page, size);
  // A short page tells the total without counting.
  const short = ids.length < size && (ids.length > 0 || page === 1);
  const [total, rows] = await Promise.all([
    short ? offsetOf(page, size) + ids.length : countMessages(db, filter),
    messageRowsByIds(db, ids),
  ]);
  return { results: rows.map((row) => presentListRow(row)), ...pageInfo(page, size, total) };
}

/** posts_by_period/: every day of the period, zero on days without live messages. */
export async function postsByPeriod(
  db: Db,
  lomId: number,
  query: LomPostsByPeriodQuery,
): Promise<LomPostsDay[]> {
  await requireLom(db, lomId);
  const rows = await postsPerDay(db, lomId, query.period_after, query.period_before);
  return presentPostsDays(rows, query.period_after, query.period_before);
}

export async function listLomQuotes(
  db: Db,
  lomId: number,
  query: LomTabListQuery,
): Promise<ListEnvelope<QuoteListItem>> {
  await requireLom(db, lomId);
  const period = instantPeriod(query);
  return paged(
    (page, size) => quotesPage(db, lomId, period, page, size),
    query.page,
    query.page_size,
    presentQuote,
  );
}

/** Speech: live messages of the period whose speaker is the lom, with their time codes. */
export async function listSpeech(
  db: Db,
  lomId: number,
  query: LomTabListQuery,
): Promise<ListEnvelope<LomSpeechItem>> {
  await requireLom(db, lomId);
  const period = instantPeriod(query);
  const page = await paged(
    (p, size) => speechPage(db, lomId, period, p, size),
    query.page,
    query.page_size,
    (row) => row,
  );
  const rows = await messageRowsByIds(
    db,
    page.results.map((row) => row.id),
  );
  const timestamps = new Map(page.results.map((row) => [row.id, row.speechTimestamp]));
  return {
    ...page,
    results: rows.map((row) => presentSpeech(row, timestamps.get(row.id) ?? null)),
  };
}

export async function listLomComments(
  db: Db,
  lomId: number,
  query: LomCommentsQuery,
): Promise<ListEnvelope<LomCommentItem>> {
  await requireLom(db, lomId);
  const period = instantPeriod(query);
  return paged(
    (page, size) => commentsPage(db, lomId, period, page, size),
    query.page,
    query.page_size,
    presentComment,
  );
}

/** lom-facts/: the lom's facts by type (every type of the directory, in id order) with their articles. */
export async function lomFactsByType(db: Db, lomId: number, query: LomFactsQuery): Promise<LomFactsResponse> {
  await requireLom(db, lomId);
  const [types, rows] = await Promise.all([
    factTypes(db),
    factRows(db, lomId, query.period_after, query.period_before),
  ]);
  return presentFacts(types, rows);
}

/** v2 loms/new-loms/{id}/articles/. */
export async function listLomArticles(
  db: Db,
  lomId: number,
  query: LomTabListQuery,
): Promise<ListEnvelope<LomArticleItem>> {
  await requireLom(db, lomId);
  const period = instantPeriod(query);
  return paged(
    (page, size) => articlesPage(db, lomId, period, page, size),
    query.page,
    query.page_size,
    presentArticle,
  );
}

/** v2 articles/{id}/: by the press archive's id; the first stored copy gives the text. */
export async function articleDetail(db: Db, articleId: number): Promise<LomArticleDetail> {
  const rows = await articleRows(db, articleId);
  const first = rows[0];
  if (!first) throw notFound('Статья не найдена');
  return presentArticleDetail(first, rows);
}

/**
 * search-results/: the stored web search results of the lom. No search provider is
 * connected, so refresh=true cannot fetch anything new: it re-reads the stored results
 * and stamps their cached_at with the time of the refresh (docs/lom-content.md).
 */
export function searchResults(
  db: Db,
  lomId: number,
  query: LomSearchResultsQuery,
): Promise<LomSearchResultsResponse> {
  // refresh=true writes the stamp and reads it back: all of it on the primary when GETs read a replica.
  return query.refresh
    ? onPrimary(() => storedSearchResults(db, lomId, query))
    : storedSearchResults(db, lomId, query);
}

async function storedSearchResults(
  db: Db,
  lomId: number,
  query: LomSearchResultsQuery,
): Promise<LomSearchResultsResponse> {
  await requireLom(db, lomId);
  if (query.refresh) await stampNewsCache(db, lomId);
  const [page, cachedAt] = await Promise.all([
    paged((p, size) => newsPage(db, lomId, p, size), query.page, query.page_size, presentNews),
    newsCachedAt(db, lomId),
  ]);
  return { ...page, cached_at: cachedAt?.toISOString() ?? null };
}

/** loms/cooperation/: the statuses in id order; 0 «Статус не выбран» always first. */
export async function cooperationStatusList(db: Db): Promise<PickItem[]> {
  const rows = await cooperationStatusRows(db);
  return rows.some((row) => row.id === COOPERATION_NONE.id) ? rows : [{ ...COOPERATION_NONE }, ...rows];
}

/** PATCH new-loms/{id}/cooperation/: sets the status; a change is logged (type 6), a no-op is not. */
export async function updateCooperation(
  db: Db,
  lomId: number,
  cooperationId: number,
  user: AuthUser,
): Promise<LomCooperationResponse> {
  return db.transaction(async (tx) => {
    const lom = await lockLomCooperation(tx, lomId);
    if (!lom) throw notFound(LOM_NOT_FOUND);
    const status =
      (await cooperationStatusById(tx, cooperationId)) ??
      (cooperationId === COOPERATION_NONE.id ? { ...COOPERATION_NONE } : null);
    if (!status) throw badRequest('Статус сотрудничества не найден', 'cooperation');
    if (lom.cooperationId !== cooperationId) {
      await setLomCooperation(tx, lomId, cooperationId);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'lom.cooperation_update',
        lomId,
        oldValue: { cooperation_id: lom.cooperationId },
        newValue: { cooperation_id: cooperationId },
      });
    }
    return { id: lomId, cooperation: status };
  });
}
