import {
  canLoadSubscriptionsQuery,
  canLoadSubscriptionsResponse,
  involvementGraphQuery,
  involvementItem,
  involvementListQuery,
  involvementPeriodGraph as involvementPeriodGraphSchema,
  involvementTotalGraph as involvementTotalGraphSchema,
  involvementTypesGraph as involvementTypesGraphSchema,
  involvementValuesDistribution as involvementValuesDistributionSchema,
  LOM_RELATION_PATHS,
  listEnvelope,
  loadSubscriptionsResponse,
  lomIdParams,
  lomRubricsByPeriodQuery,
  lomRubricsByPeriodResponse,
  lomSubscriptionItem,
  lomSubscriptionListQuery,
  relationGraphQuery,
  relationGraphResponse,
  vkGroupItem,
  vkGroupListQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { onPrimary } from '../../db/read-routing.ts';
import { currentUser } from '../../http/auth.ts';
import { lomRubricsByPeriod, relationGraph } from './graph-service.ts';
import {
  canLoadSubscriptions,
  involvementPeriodGraph,
  involvementTotalGraph,
  involvementTypesGraph,
  involvementValuesDistribution,
  listInvolvements,
  listSubscriptions,
  listVkGroups,
  loadSubscriptions,
} from './service.ts';

const tags = ['loms'];
const P = LOM_RELATION_PATHS;

/**
 * api.md §7.9 "involvements/…" and "Other reads", §7.6 the subscription calls: four tabs of
 * the lom card. Each also checks the caller's card rule for its tab (assertLomCardTab).
 */
export function lomRelationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      P.involvements,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Вовлечённость ЛОМ: проекты продюсерских центров',
          querystring: involvementListQuery,
          response: { 200: listEnvelope(involvementItem) },
        },
      },
      async (request) => listInvolvements(ctx.db, request.query, currentUser(request)),
    );

    app.get(
      P.involvementPeriodGraph,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Вовлечённость ЛОМ по месяцам',
          querystring: involvementGraphQuery,
          response: { 200: involvementPeriodGraphSchema },
        },
      },
      async (request) => involvementPeriodGraph(ctx.db, request.query, currentUser(request)),
    );
    app.get(
      P.involvementTotalGraph,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Вовлечённость ЛОМ: итоги',
          querystring: involvementGraphQuery,
          response: { 200: involvementTotalGraphSchema },
        },
      },
      async (request) => involvementTotalGraph(ctx.db, request.query, currentUser(request)),
    );
    app.get(
      P.involvementValuesDistribution,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Вовлечённость ЛОМ: значения по проектам',
          querystring: involvementGraphQuery,
          response: { 200: involvementValuesDistributionSchema },
        },
      },
      async (request) => involvementValuesDistribution(ctx.db, request.query, currentUser(request)),
    );
    app.get(
      P.involvementTypesGraph,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Вовлечённость ЛОМ по типам',
          querystring: involvementGraphQuery,
          response: { 200: involvementTypesGraphSchema },
        },
      },
      async (request) => involvementTypesGraph(ctx.db, request.query, currentUser(request)),
    );

    app.get(
      P.vkGroups,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Группы ВКонтакте ЛОМ',
          querystring: vkGroupListQuery,
          response: { 200: listEnvelope(vkGroupItem) },
        },
      },
      async (request) => listVkGroups(ctx.db, request.query, currentUser(request)),
    );
    app.get(
      P.canLoadSubscriptions,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Есть ли в подписках ЛОМ группы ВКонтакте для загрузки',
          querystring: canLoadSubscriptionsQuery,
          response: { 200: canLoadSubscriptionsResponse },
        },
      },
      async (request) => canLoadSubscriptions(ctx.db, request.query.lom, currentUser(request)),
    );
    // api.md §7.6 names this call with GET; the web client sends POST, as a change should. Both run the same load
    // behind the same guard: it is idempotent (a repeat finds nothing new and writes nothing), and a token travels
    // only in the Authorization header, so no other site can make a browser send it (docs/lom-relations.md).
    app.route({
      method: ['GET', 'POST'],
      url: P.loadSubscriptions,
      // No HEAD twin of the GET: a HEAD would load too, and nothing asks for it.
      exposeHeadRoute: false,
      config: { guard: 'EDIT_LOM' },
      schema: {
        tags,
        summary: 'Загрузить группы ВКонтакте из подписок ЛОМ (POST; GET — как в api.md)',
        params: lomIdParams,
        response: { 200: loadSubscriptionsResponse },
      },
      handler: async (request, reply) => {
        // The answer reports a change: no cache may keep it for a later GET.
        reply.header('cache-control', 'no-store');
        // The spec's GET would read the replica when there is one (DATABASE_READ_URL): the load writes.
        return onPrimary(() => loadSubscriptions(ctx.db, request.params.id, currentUser(request)));
      },
    });
    app.get(
      P.subscriptions,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Подписки ЛОМ',
          querystring: lomSubscriptionListQuery,
          response: { 200: listEnvelope(lomSubscriptionItem) },
        },
      },
      async (request) => listSubscriptions(ctx.db, request.query, currentUser(request)),
    );

    app.get(
      P.relationGraph,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Граф связей ЛОМ за период',
          params: lomIdParams,
          querystring: relationGraphQuery,
          response: { 200: relationGraphResponse },
        },
      },
      async (request) => relationGraph(ctx.db, request.params.id, request.query, currentUser(request)),
    );
    app.get(
      P.rubricsByPeriod,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Рубрики публикаций ЛОМ за период',
          params: lomIdParams,
          querystring: lomRubricsByPeriodQuery,
          response: { 200: lomRubricsByPeriodResponse },
        },
      },
      async (request) => lomRubricsByPeriod(ctx.db, request.params.id, request.query, currentUser(request)),
    );
  };
}
