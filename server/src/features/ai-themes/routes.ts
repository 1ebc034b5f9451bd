import {
  AI_THEME_PATHS,
  aiMarkupConfirmResult,
  aiMarkupParams,
  aiProposalList,
  aiProposalsQuery,
  aiProposeBody,
  aiProposeResult,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { confirmAiMarkup, proposalList, proposeNow } from './service.ts';

const tags = ['themes'];

/** The AI themes (docs/ai-themes.md): propose now, the proposals of /themes-ai, confirming a suggestion. */
export function aiThemeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    app.post(
      AI_THEME_PATHS.propose,
      {
        config: { guard: 'CREATE_AUTO_THEME' },
        schema: {
          tags,
          summary: 'Предложить темы ИИ сейчас: кластеризация сообщений без темы за последние дни',
          body: aiProposeBody,
          response: { 200: aiProposeResult },
        },
      },
      async (request) => proposeNow(db, request.body, currentUser(request)),
    );
    app.get(
      AI_THEME_PATHS.proposals,
      {
        // The /themes-ai page's permission (page-permissions.ts): AUTO_THEMES here, THEMES in the service.
        config: { guard: 'AUTO_THEMES' },
        schema: {
          tags,
          summary: 'Темы ИИ, ждущие утверждения: термины, инфоповоды, примеры сообщений',
          querystring: aiProposalsQuery,
          response: { 200: aiProposalList },
        },
      },
      async (request) => proposalList(db, request.query, currentUser(request)),
    );
    app.post(
      AI_THEME_PATHS.confirmMarkup,
      {
        config: { guard: 'EDIT_MESSAGE_ATTRIBUTES' },
        schema: {
          tags,
          summary: 'Подтвердить разметку, предложенную ИИ',
          params: aiMarkupParams,
          response: { 200: aiMarkupConfirmResult },
        },
      },
      async (request) => confirmAiMarkup(db, request.params.id, currentUser(request)),
    );
  };
}
