import {
  DASHBOARD_PATHS,
  dashboardAddLomsBody,
  dashboardAvailableLom,
  dashboardAvailableLomsQuery,
  dashboardCopyLomsBody,
  dashboardCopyLomsResponse,
  dashboardIdParams,
  dashboardLomCount,
  dashboardRemoveLomsBody,
  type EditableDashboardKind,
  listEnvelope,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import type { DashboardSet } from './queries.ts';
import { LABEL, READ, setOf, tags, WRITE } from './route-config.ts';
import { availableLomList } from './service.ts';
import { addLoms, copyLoms, removeLoms } from './write-service.ts';

const EDITABLE_KINDS: readonly EditableDashboardKind[] = ['theme', 'personal'];

const removeLomsInput = dashboardRemoveLomsBody.partial();

/**
 * api.md §7.5: the constant lom lists of theme and personal dashboards (a rubric's loms are
 * its own and are changed on the rubric): the loms not yet listed, add, remove and copy.
 */
export function dashboardLomRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;

    for (const kind of EDITABLE_KINDS) {
      const paths = DASHBOARD_PATHS[kind];
      const read = READ[kind];
      const write = WRITE[kind];
      const label = LABEL[kind];
      const params = dashboardIdParams;
      const writableSet = async (request: FastifyRequest & { params: { id: number } }) =>
        (await setOf(db, kind, request)) as Extract<DashboardSet, { kind: EditableDashboardKind }>;

      app.get(
        paths.allAvailableLoms,
        {
          config: read,
          schema: {
            tags,
            summary: `${label}: ЛОМ, которых ещё нет в списках`,
            params,
            querystring: dashboardAvailableLomsQuery,
            response: { 200: listEnvelope(dashboardAvailableLom) },
          },
        },
        async (request) => availableLomList(db, await setOf(db, kind, request), request.query),
      );
      app.post(
        paths.addLoms,
        {
          config: write,
          schema: {
            tags,
            summary: `${label}: добавить ЛОМ в список (или перенести из другого)`,
            params,
            body: dashboardAddLomsBody,
            response: { 200: dashboardLomCount },
          },
        },
        async (request) => addLoms(db, currentUser(request), await writableSet(request), request.body),
      );
      app.delete(
        paths.removeLoms,
        {
          config: write,
          schema: {
            tags,
            summary: `${label}: убрать ЛОМ из списков (loms в теле или в запросе)`,
            params,
            querystring: removeLomsInput,
            body: removeLomsInput.nullish(),
            response: { 200: dashboardLomCount },
          },
        },
        async (request) => {
          const loms = request.body?.loms ?? request.query.loms;
          if (!loms) throw badRequest('Некорректное значение поля «loms»: выберите хотя бы один лом', 'loms');
          return removeLoms(db, currentUser(request), await writableSet(request), loms);
        },
      );
      app.post(
        paths.copyLoms,
        {
          config: write,
          schema: {
            tags,
            summary:
              kind === 'theme'
                ? `${label}: скопировать постоянные ЛОМ другой темы`
                : `${label}: скопировать постоянные ЛОМ другой своей личной темы`,
            params,
            body: dashboardCopyLomsBody,
            response: { 200: dashboardCopyLomsResponse },
          },
        },
        async (request) => copyLoms(db, currentUser(request), await writableSet(request), request.body.theme),
      );
    }
  };
}
