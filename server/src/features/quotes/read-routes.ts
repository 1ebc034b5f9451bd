import {
  listEnvelope,
  lomStatItem,
  moodTableResponse,
  QUOTE_PATHS,
  quoteFilterQuery,
  quoteListQuery,
  quoteListResponse,
  quoteLomStatQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { listQuoteGroups, quoteLomStat, quoteMoodTable } from './read-service.ts';

const tags = ['quotes'];
// The /quotes page and the quotes report share one permission.
const QUOTES = { guard: 'QUOTES' } as const;

/** Quote reads of api.md §7.10: the list grouped by lom, its mood table and lom stat. */
export function quoteReadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      QUOTE_PATHS.list,
      {
        config: QUOTES,
        schema: {
          tags,
          summary: 'Цитаты по ЛОМ: страница ЛОМ с числом цитат и их последними цитатами',
          querystring: quoteListQuery,
          response: { 200: quoteListResponse },
        },
      },
      async (request) => listQuoteGroups(ctx.db, request.query),
    );
    app.get(
      QUOTE_PATHS.moodTable,
      {
        config: QUOTES,
        schema: {
          tags,
          summary: 'Таблица тональностей цитат по фильтру',
          querystring: quoteFilterQuery,
          response: { 200: moodTableResponse },
        },
      },
      async (request) => quoteMoodTable(ctx.db, request.query),
    );
    app.get(
      QUOTE_PATHS.lomStat,
      {
        config: QUOTES,
        schema: {
          tags,
          summary: 'Статистика ЛОМ по цитатам (Si, просмотры, репосты их сообщений)',
          querystring: quoteLomStatQuery,
          response: { 200: listEnvelope(lomStatItem) },
        },
      },
      async (request) => quoteLomStat(ctx.db, request.query),
    );
  };
}
