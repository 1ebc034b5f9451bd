import {
  idParams,
  SOCIAL_PANEL_GRAPH_RESPONSES,
  SOCIAL_PANEL_GRAPH_TITLES,
  SOCIAL_PANEL_GRAPHS,
  SOCIAL_PANEL_PATHS,
  socialPanelGraphQuery,
  socialPanelistsResponse,
  socialPanelListQuery,
  socialPanelListResponse,
  socialPanelLomsQuery,
  socialPanelLomsResponse,
  socialPanelPagedQuery,
  socialPanelSchema,
  socialPanelViralQuery,
  socialPanelViralResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { panelDetail, panelGraph, panelists, panelList, panelLoms, panelViralContent } from './service.ts';

const tags = ['social-panel'];
const config = { guard: 'SOCIAL_PANEL' } as const;

/** api.md §7.5 "Social panel (v2)": every call needs SOCIAL_PANEL (docs/social-panel.md). */
export function socialPanelRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      SOCIAL_PANEL_PATHS.list,
      {
        config,
        schema: {
          tags,
          summary: 'Маркерные панели (по 12, фильтр group)',
          querystring: socialPanelListQuery,
          response: { 200: socialPanelListResponse },
        },
      },
      async (request) => panelList(ctx.db, request.query),
    );
    app.get(
      SOCIAL_PANEL_PATHS.detail,
      {
        config,
        schema: { tags, summary: 'Маркерная панель', params: idParams, response: { 200: socialPanelSchema } },
      },
      async (request) => panelDetail(ctx.db, request.params.id),
    );
    app.get(
      SOCIAL_PANEL_PATHS.panelists,
      {
        config,
        schema: {
          tags,
          summary: 'Участники панели',
          params: idParams,
          querystring: socialPanelPagedQuery,
          response: { 200: socialPanelistsResponse },
        },
      },
      async (request) => panelists(ctx.db, request.params.id, request.query),
    );
    app.get(
      SOCIAL_PANEL_PATHS.lomCandidates,
      {
        config,
        schema: {
          tags,
          summary: 'ЛОМ-кандидаты панели: их читает аудитория, но они ещё не подтверждены',
          params: idParams,
          querystring: socialPanelPagedQuery,
          response: { 200: socialPanelLomsResponse },
        },
      },
      async (request) => panelLoms(ctx.db, request.params.id, true, request.query),
    );
    app.get(
      SOCIAL_PANEL_PATHS.loms,
      {
        config,
        schema: {
          tags,
          summary: 'Подтверждённые ЛОМ панели soc_panel по доле читающих',
          querystring: socialPanelLomsQuery,
          response: { 200: socialPanelLomsResponse },
        },
      },
      async (request) => {
        const { soc_panel, ...page } = request.query;
        return panelLoms(ctx.db, soc_panel, false, page);
      },
    );
    app.get(
      SOCIAL_PANEL_PATHS.viralContentIds,
      {
        config,
        schema: {
          tags,
          summary: 'Вирусный контент аудитории панели: id вирусных сообщений её ЛОМ за период',
          params: idParams,
          querystring: socialPanelViralQuery,
          response: { 200: socialPanelViralResponse },
        },
      },
      async (request) => panelViralContent(ctx.db, request.params.id, request.query),
    );
    for (const graph of SOCIAL_PANEL_GRAPHS) {
      app.get(
        SOCIAL_PANEL_PATHS.graphs[graph],
        {
          config,
          schema: {
            tags,
            summary: `Маркерная панель: ${SOCIAL_PANEL_GRAPH_TITLES[graph]}`,
            params: idParams,
            querystring: socialPanelGraphQuery,
            response: { 200: SOCIAL_PANEL_GRAPH_RESPONSES[graph] },
          },
        },
        async (request) => panelGraph(ctx.db, request.params.id, graph, request.query),
      );
    }
  };
}
