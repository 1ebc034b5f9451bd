import {
  listEnvelope,
  ORGANIZATION_PATHS,
  organizationBody,
  organizationEditBody,
  organizationItem,
  organizationListQuery,
  userIdParams,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import * as service from './service.ts';

const tags = ['organizations'];
/** Read by the users page (its filter and dialog) and by /settings. */
const read = { guard: { anyOf: ['ADMIN_PANEL', 'view_settings'] } } as const;
/** Organisations are managed by administrators (docs/users.md). */
const write = { guard: 'ADMIN_PANEL' } as const;

/** api.md §7.1: organisations (kind 1 federal, 2 regional). */
export function organizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    app.get(
      ORGANIZATION_PATHS.list,
      {
        config: read,
        schema: {
          tags,
          summary: 'Организации',
          querystring: organizationListQuery,
          response: { 200: listEnvelope(organizationItem) },
        },
      },
      async (request) => service.listOrganizations(db, request.query),
    );
    app.post(
      ORGANIZATION_PATHS.list,
      {
        config: write,
        schema: {
          tags,
          summary: 'Создать организацию',
          body: organizationBody,
          response: { 201: organizationItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createOrganization(db, currentUser(request), request.body)),
    );
    app.get(
      ORGANIZATION_PATHS.detail,
      {
        config: read,
        schema: { tags, summary: 'Организация', params: userIdParams, response: { 200: organizationItem } },
      },
      async (request) => service.getOrganization(db, request.params.id),
    );
    app.patch(
      ORGANIZATION_PATHS.detail,
      {
        config: write,
        schema: {
          tags,
          summary: 'Изменить организацию',
          params: userIdParams,
          body: organizationEditBody,
          response: { 200: organizationItem },
        },
      },
      async (request) => service.editOrganization(db, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      ORGANIZATION_PATHS.detail,
      {
        config: write,
        schema: {
          tags,
          summary: 'Удалить организацию (без пользователей)',
          params: userIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.removeOrganization(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
