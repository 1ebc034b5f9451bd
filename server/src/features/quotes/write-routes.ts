import {
  detailResponse,
  messageIdParams,
  QUOTE_PATHS,
  QUOTE_V1_PATHS,
  QUOTE_V2_PATHS,
  quoteInfoReasonDeleteBody,
  quoteResult,
  quoteThemeDeleteBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import * as service from './write-service.ts';

const tags = ['quotes'];
const EDIT = { guard: 'EDIT_MESSAGE_ATTRIBUTES' } as const;

/**
 * Quote writes (api.md §7.10). Deletion is named on v2 and v3; the theme and
 * info-reason calls are unversioned there and served on every version the quotes use.
 */
export function quoteWriteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const paths of [QUOTE_V2_PATHS, QUOTE_PATHS]) {
      app.delete(
        paths.detail,
        {
          config: EDIT,
          schema: {
            tags,
            summary: 'Удалить цитату',
            params: messageIdParams,
            response: { 200: detailResponse },
          },
        },
        async (request) => service.deleteQuote(ctx.db, currentUser(request).id, request.params.id),
      );
    }
    for (const paths of [QUOTE_V1_PATHS, QUOTE_V2_PATHS, QUOTE_PATHS]) {
      app.delete(
        paths.theme,
        {
          config: EDIT,
          schema: {
            tags,
            summary: 'Убрать тему цитаты',
            params: messageIdParams,
            body: quoteThemeDeleteBody,
            response: { 200: quoteResult },
          },
        },
        async (request) =>
          service.clearQuoteClassification(
            ctx.db,
            currentUser(request).id,
            request.params.id,
            'theme',
            request.body?.theme_id,
          ),
      );
      app.delete(
        paths.infoReason,
        {
          config: EDIT,
          schema: {
            tags,
            summary: 'Убрать инфоповод цитаты',
            params: messageIdParams,
            body: quoteInfoReasonDeleteBody,
            response: { 200: quoteResult },
          },
        },
        async (request) =>
          service.clearQuoteClassification(
            ctx.db,
            currentUser(request).id,
            request.params.id,
            'info_reason',
            request.body?.info_reason_id,
          ),
      );
    }
  };
}
