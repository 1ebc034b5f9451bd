import {
  PRODUCER_GRAPH_PATHS,
  PRODUCER_GRAPH_TITLES,
  PRODUCER_GRAPHS,
  PRODUCER_PATHS,
  producerDetailResponse,
  producerGraphQuery,
  producerGraphResponse,
  producerIdParams,
  producerListQuery,
  producerListResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { producerDetail, producerGraph, producerList } from './service.ts';

const tags = ['producers'];

/**
 * api.md §7.5 producer centers: the list, a center, and one GET per graph. Every call needs DASHBOARD, the
 * permission of the /producers page (docs/producers.md).
 */
export function producerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      PRODUCER_PATHS.list,
      {
        config: { guard: 'DASHBOARD' },
        schema: {
          tags,
          summary: 'Продюсерские центры: список за период',
          querystring: producerListQuery,
          response: { 200: producerListResponse },
        },
      },
      async (request) => producerList(ctx.db, request.query),
    );
    app.get(
      PRODUCER_PATHS.detail,
      {
        config: { guard: 'DASHBOARD' },
        schema: {
          tags,
          summary: 'Продюсерский центр',
          params: producerIdParams,
          response: { 200: producerDetailResponse },
        },
      },
      async (request) => producerDetail(ctx.db, request.params.id),
    );
    for (const graph of PRODUCER_GRAPHS) {
      app.get(
        PRODUCER_GRAPH_PATHS[graph],
        {
          config: { guard: 'DASHBOARD' },
          schema: {
            tags,
            summary: `Продюсерские центры: ${PRODUCER_GRAPH_TITLES[graph]}`,
            querystring: producerGraphQuery,
            response: { 200: producerGraphResponse },
          },
        },
        async (request) => producerGraph(ctx.db, graph, request.query),
      );
    }
  };
}
