import {
  cooperationStatusesResponse,
  LOM_CONTENT_PATHS,
  type LomCardTab,
  lomArticleDetail,
  lomArticleParams,
  lomArticlesResponse,
  lomCommentsQuery,
  lomCommentsResponse,
  lomCooperationBody,
  lomCooperationResponse,
  lomFactsQuery,
  lomFactsResponse,
  lomFactTypesResponse,
  lomIdParams,
  lomPostsByPeriodQuery,
  lomPostsByPeriodResponse,
  lomPublicationsResponse,
  lomQuotesResponse,
  lomSearchResultsQuery,
  lomSearchResultsResponse,
  lomSpeechResponse,
  lomTabListQuery,
  pickListQuery,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { assertLomCardTab } from '../../domain/lom-card-access.ts';
import { PICK_LIST_READERS } from '../../domain/pick-lists/pick-list-readers.ts';
import { type AuthUser, currentUser } from '../../http/auth.ts';
import { factTypePickList } from './facts-queries.ts';
import {
  articleDetail,
  cooperationStatusList,
  listLomArticles,
  listLomComments,
  listLomQuotes,
  listPublications,
  listSpeech,
  lomFactsByType,
  postsByPeriod,
  searchResults,
  updateCooperation,
} from './service.ts';

const tags = ['loms'];
const P = LOM_CONTENT_PATHS;

/** The caller, refused (403) when their card rule hides the tab. */
function tabUser(request: FastifyRequest, tab: LomCardTab): AuthUser {
  const user = currentUser(request);
  assertLomCardTab(user, tab);
  return user;
}

/**
 * The lom card's content tabs (api.md §7.9 quotes/, posts_by_period/, search-results/,
 * lom-facts/, cooperation/; §7.3 lom-facts/; §7.6 articles): docs/lom-content.md.
 * Every path has at least two segments after loms/, so none collides with loms/{id}/.
 */
export function lomContentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    const loms = { guard: 'LOMS' } as const;

    app.get(
      P.publications,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Публикации ЛОМ за период',
          params: lomIdParams,
          querystring: lomTabListQuery,
          response: { 200: lomPublicationsResponse },
        },
      },
      async (request) => {
        tabUser(request, 'publications');
        return listPublications(db, request.params.id, request.query);
      },
    );
    app.get(
      P.postsByPeriod,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Публикации ЛОМ по дням периода',
          params: lomIdParams,
          querystring: lomPostsByPeriodQuery,
          response: { 200: lomPostsByPeriodResponse },
        },
      },
      async (request) => {
        tabUser(request, 'publications');
        return postsByPeriod(db, request.params.id, request.query);
      },
    );
    app.get(
      P.quotes,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Цитаты ЛОМ за период',
          params: lomIdParams,
          querystring: lomTabListQuery,
          response: { 200: lomQuotesResponse },
        },
      },
      async (request) => {
        tabUser(request, 'quotes');
        return listLomQuotes(db, request.params.id, request.query);
      },
    );
    app.get(
      P.speech,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Прямая речь ЛОМ за период',
          params: lomIdParams,
          querystring: lomTabListQuery,
          response: { 200: lomSpeechResponse },
        },
      },
      async (request) => {
        tabUser(request, 'speech');
        return listSpeech(db, request.params.id, request.query);
      },
    );
    app.get(
      P.comments,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Комментарии читателей под публикациями ЛОМ',
          params: lomIdParams,
          querystring: lomCommentsQuery,
          response: { 200: lomCommentsResponse },
        },
      },
      async (request) => {
        tabUser(request, 'comments');
        return listLomComments(db, request.params.id, request.query);
      },
    );
    app.get(
      P.facts,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Факты о ЛОМ по типам, со статьями',
          params: lomIdParams,
          querystring: lomFactsQuery,
          response: { 200: lomFactsResponse },
        },
      },
      async (request) => {
        tabUser(request, 'facts');
        return lomFactsByType(db, request.params.id, request.query);
      },
    );
    app.get(
      P.searchResults,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Результаты поиска о ЛОМ в интернете (сохранённые)',
          params: lomIdParams,
          querystring: lomSearchResultsQuery,
          response: { 200: lomSearchResultsResponse },
        },
      },
      async (request) => {
        tabUser(request, 'facts');
        return searchResults(db, request.params.id, request.query);
      },
    );
    app.get(
      P.articles,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Статьи о фактах ЛОМ',
          params: lomIdParams,
          querystring: lomTabListQuery,
          response: { 200: lomArticlesResponse },
        },
      },
      async (request) => {
        tabUser(request, 'facts');
        return listLomArticles(db, request.params.id, request.query);
      },
    );
    app.get(
      P.article,
      {
        config: loms,
        schema: {
          tags,
          summary: 'Статья о факте',
          params: lomArticleParams,
          response: { 200: lomArticleDetail },
        },
      },
      async (request) => {
        tabUser(request, 'facts');
        return articleDetail(db, request.params.id);
      },
    );
    for (const path of [P.factTypes, P.factTypesV2]) {
      app.get(
        path,
        {
          config: { guard: { anyOf: PICK_LIST_READERS } },
          schema: {
            tags: ['directories'],
            summary: 'Типы фактов о ЛОМ',
            querystring: pickListQuery,
            response: { 200: lomFactTypesResponse },
          },
        },
        async (request) => factTypePickList(db, request.query),
      );
    }
    app.get(
      P.cooperationStatuses,
      {
        config: loms,
        schema: { tags, summary: 'Статусы сотрудничества', response: { 200: cooperationStatusesResponse } },
      },
      async (request) => {
        tabUser(request, 'cooperation');
        return cooperationStatusList(db);
      },
    );
    app.patch(
      P.cooperation,
      {
        config: { guard: 'EDIT_LOM' },
        schema: {
          tags,
          summary: 'Сменить статус сотрудничества ЛОМ',
          params: lomIdParams,
          body: lomCooperationBody,
          response: { 200: lomCooperationResponse },
        },
      },
      async (request) => {
        const user = tabUser(request, 'cooperation');
        return updateCooperation(db, request.params.id, request.body.cooperation, user);
      },
    );
  };
}
