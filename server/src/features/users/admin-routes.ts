import {
  addPermissionBody,
  deletePermissionQuery,
  editorPickQuery,
  listEnvelope,
  permissionGroupBody,
  permissionGroupEditBody,
  permissionGroupItem,
  permissionGroupList,
  permsTreeResponse,
  pickItem,
  setPermissionsBody,
  USER_ADMIN_PATHS,
  userCreateBody,
  userEditBody,
  userIdParams,
  userItem,
  userListQuery,
  userPermsTreeBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import * as users from './admin-service.ts';
import * as groups from './group-service.ts';

const tags = ['users'];
/** The users page of the admin panel: any admin view (docs/users.md). */
const admin = { guard: 'ADMIN_PANEL' } as const;
/** The groups and the catalogue are read by the users page and by /settings. */
const readTree = { guard: { anyOf: ['ADMIN_PANEL', 'view_settings'] } } as const;
/** Permission groups are configured in /settings. */
const settings = { guard: 'view_settings' } as const;
/** The editors pick list: the messages filter of editors' messages, the logs' user filter, the admin panel. */
const editors = { guard: { anyOf: ['GET_EDITORS_MESSAGES', 'LOGS', 'ADMIN_PANEL'] } } as const;

/** api.md §7.1: users, their permissions and the permission groups. */
export function userAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    app.get(
      USER_ADMIN_PATHS.list,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Пользователи: страница с поиском и фильтрами',
          querystring: userListQuery,
          response: { 200: listEnvelope(userItem) },
        },
      },
      async (request) => users.listUsers(db, request.query),
    );
    app.post(
      USER_ADMIN_PATHS.create,
      {
        config: admin,
        schema: { tags, summary: 'Создать пользователя', body: userCreateBody, response: { 201: userItem } },
      },
      async (request, reply) =>
        reply.status(201).send(await users.createUser(db, currentUser(request), request.body)),
    );
    app.patch(
      USER_ADMIN_PATHS.edit,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Изменить пользователя',
          params: userIdParams,
          body: userEditBody,
          response: { 200: userItem },
        },
      },
      async (request) => users.editUser(db, currentUser(request), request.params.id, request.body),
    );
    app.patch(
      USER_ADMIN_PATHS.setPermissions,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Заменить личные права пользователя',
          params: userIdParams,
          body: setPermissionsBody,
          response: { 200: userItem },
        },
      },
      async (request) => users.setPermissions(db, currentUser(request), request.params.id, request.body),
    );
    app.post(
      USER_ADMIN_PATHS.addPermission,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Выдать пользователю одно право',
          params: userIdParams,
          body: addPermissionBody,
          response: { 200: userItem },
        },
      },
      async (request) =>
        users.addPermission(db, currentUser(request), request.params.id, request.body.permission),
    );
    app.delete(
      USER_ADMIN_PATHS.deletePermission,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Снять с пользователя одно личное право',
          params: userIdParams,
          querystring: deletePermissionQuery,
          response: { 200: userItem },
        },
      },
      async (request) =>
        users.deletePermission(db, currentUser(request), request.params.id, request.query.permission),
    );
    app.patch(
      USER_ADMIN_PATHS.userPermsTree,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Сохранить дерево прав пользователя',
          params: userIdParams,
          body: userPermsTreeBody,
          response: { 200: userItem },
        },
      },
      async (request) => users.savePermsTree(db, currentUser(request), request.params.id, request.body),
    );
    app.get(
      USER_ADMIN_PATHS.editors,
      {
        config: editors,
        schema: {
          tags,
          summary: 'Редакторы для списков выбора',
          querystring: editorPickQuery,
          response: { 200: listEnvelope(pickItem) },
        },
      },
      async (request) => users.editorPicks(db, request.query),
    );
    app.get(
      USER_ADMIN_PATHS.permsTree,
      {
        config: readTree,
        schema: { tags, summary: 'Дерево прав и группы', response: { 200: permsTreeResponse } },
      },
      async () => groups.permsTree(db),
    );
    app.get(
      USER_ADMIN_PATHS.groups,
      {
        config: readTree,
        schema: { tags, summary: 'Группы прав', response: { 200: permissionGroupList } },
      },
      async () => groups.groupList(db),
    );
    app.post(
      USER_ADMIN_PATHS.groups,
      {
        config: settings,
        schema: {
          tags,
          summary: 'Создать группу прав',
          body: permissionGroupBody,
          response: { 201: permissionGroupItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await groups.createGroup(db, currentUser(request), request.body)),
    );
    app.patch(
      USER_ADMIN_PATHS.group,
      {
        config: settings,
        schema: {
          tags,
          summary: 'Изменить группу прав',
          params: userIdParams,
          body: permissionGroupEditBody,
          response: { 200: permissionGroupItem },
        },
      },
      async (request) => groups.editGroup(db, currentUser(request), request.params.id, request.body),
    );
    app.delete(
      USER_ADMIN_PATHS.group,
      {
        config: settings,
        schema: { tags, summary: 'Удалить группу прав', params: userIdParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await groups.removeGroup(db, currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
