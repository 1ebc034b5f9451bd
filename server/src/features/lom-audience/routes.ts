import {
  LOM_AUDIENCE_PATHS,
  LOM_GRAPH_KINDS,
  LOM_GRAPH_PATH,
  LOM_GRAPH_TITLES,
  lomAudienceResponse,
  lomBrandsResponse,
  lomGraphQuery,
  lomGraphResponse,
  lomIdParams,
  lomInterestsResponse,
  lomPeriodInterestsResponse,
  lomPeriodQuery,
  lomQualityAudienceResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { assertLomCardTab } from '../../domain/lom-card-access.ts';
import { currentUser } from '../../http/auth.ts';
import {
  lomAudience,
  lomBrands,
  lomGraph,
  lomInterests,
  lomPeriodInterests,
  lomQualityAudience,
} from './service.ts';

const tags = ['loms'];

/**
 * api.md §7.9: four tabs of the lom card. Every call needs LOMS and the card rule of its
 * tab (a producer-center user with the base card sees audience and dynamics only).
 */
export function lomAudienceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      LOM_AUDIENCE_PATHS.audience,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Аудитория ЛОМ: пол, возраст, образование, семейное положение, корреляция',
          params: lomIdParams,
          response: { 200: lomAudienceResponse },
        },
      },
      async (request) => {
        assertLomCardTab(currentUser(request), 'audience');
        return lomAudience(ctx.db, request.params.id);
      },
    );
    app.get(
      LOM_AUDIENCE_PATHS.interestAll,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Интересы аудитории ЛОМ',
          params: lomIdParams,
          response: { 200: lomInterestsResponse },
        },
      },
      async (request) => {
        assertLomCardTab(currentUser(request), 'audience');
        return lomInterests(ctx.db, request.params.id);
      },
    );
    app.get(
      LOM_AUDIENCE_PATHS.interestByPeriod,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Темы публикаций ЛОМ за период',
          params: lomIdParams,
          querystring: lomPeriodQuery,
          response: { 200: lomPeriodInterestsResponse },
        },
      },
      async (request) => {
        assertLomCardTab(currentUser(request), 'audience');
        return lomPeriodInterests(ctx.db, request.params.id, request.query);
      },
    );
    app.get(
      LOM_AUDIENCE_PATHS.qualityAudience,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Качество аудитории ЛОМ по площадкам',
          params: lomIdParams,
          response: { 200: lomQualityAudienceResponse },
        },
      },
      async (request) => {
        assertLomCardTab(currentUser(request), 'quality_audience');
        return lomQualityAudience(ctx.db, request.params.id);
      },
    );
    app.get(
      LOM_AUDIENCE_PATHS.brands,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Топ-10 брендов, которые упоминает ЛОМ',
          params: lomIdParams,
          response: { 200: lomBrandsResponse },
        },
      },
      async (request) => {
        assertLomCardTab(currentUser(request), 'brands');
        return lomBrands(ctx.db, request.params.id);
      },
    );
    for (const kind of LOM_GRAPH_KINDS) {
      app.get(
        LOM_GRAPH_PATH[kind],
        {
          config: { guard: 'LOMS' },
          schema: {
            tags,
            summary: `Динамика ЛОМ: ${LOM_GRAPH_TITLES[kind]}`,
            params: lomIdParams,
            querystring: lomGraphQuery,
            response: { 200: lomGraphResponse },
          },
        },
        async (request) => {
          assertLomCardTab(currentUser(request), 'dynamics');
          return lomGraph(ctx.db, request.params.id, kind, request.query);
        },
      );
    }
  };
}
