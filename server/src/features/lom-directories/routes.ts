import {
  LOM_FOCUS_PATHS,
  LOM_TYPE_PATHS,
  listEnvelope,
  lomDirectoryIdParams,
  lomFocusCreateBody,
  lomFocusItem,
  lomFocusListQuery,
  lomTypeCreateBody,
  lomTypeItem,
  lomTypeListQuery,
  type Permission,
  paginationCountResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { PICK_LIST_READERS } from '../../domain/pick-lists/pick-list-readers.ts';
import { currentUser } from '../../http/auth.ts';
import { listLomFocuses, listLomTypes } from './queries.ts';
import {
  createLomFocus,
  createLomType,
  lomFocus,
  lomType,
  lomTypesPaginationCount,
  removeLomFocus,
  removeLomType,
} from './service.ts';

const tags = ['lom-directories'];

/** Reading: whoever reads the pick lists (the lom list filters by these directories). */
const readers = { guard: { anyOf: PICK_LIST_READERS } };

/**
 * Writing: those who edit loms (`EDIT_LOM`, editors and super editors) or administer
 * them (`view_lom_admin`, the lom admin page). docs/directories.md.
 */
export const LOM_DIRECTORY_WRITERS: readonly Permission[] = ['EDIT_LOM', 'view_lom_admin'];
const writers = { guard: { anyOf: LOM_DIRECTORY_WRITERS } };

/** api.md §7.3 lom-types/ and lom-focus/ (their filter-list/ paths are in the directories plugin). */
export function lomDirectoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      LOM_TYPE_PATHS.list,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Типы ЛОМ: страница списка (без созданных ИИ, если не задан ai)',
          querystring: lomTypeListQuery,
          response: { 200: listEnvelope(lomTypeItem) },
        },
      },
      async (request) => listLomTypes(db, request.query),
    );
    app.get(
      LOM_TYPE_PATHS.count,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Число типов ЛОМ и страниц по фильтру',
          querystring: lomTypeListQuery,
          response: { 200: paginationCountResponse },
        },
      },
      async (request) => lomTypesPaginationCount(db, request.query),
    );
    app.get(
      LOM_TYPE_PATHS.detail,
      {
        config: readers,
        schema: { tags, summary: 'Тип ЛОМ', params: lomDirectoryIdParams, response: { 200: lomTypeItem } },
      },
      async (request) => lomType(db, request.params.id),
    );
    app.post(
      LOM_TYPE_PATHS.list,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Создать тип ЛОМ: name, theme, флаги is_segment / is_interest / is_category',
          body: lomTypeCreateBody,
          response: { 201: lomTypeItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createLomType(db, request.body, currentUser(request))),
    );
    app.delete(
      LOM_TYPE_PATHS.detail,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Удалить тип ЛОМ (и его связи с ЛОМ)',
          params: lomDirectoryIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeLomType(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      LOM_FOCUS_PATHS.list,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Направленности ЛОМ: страница списка',
          querystring: lomFocusListQuery,
          response: { 200: listEnvelope(lomFocusItem) },
        },
      },
      async (request) => listLomFocuses(db, request.query),
    );
    app.get(
      LOM_FOCUS_PATHS.detail,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Направленность ЛОМ',
          params: lomDirectoryIdParams,
          response: { 200: lomFocusItem },
        },
      },
      async (request) => lomFocus(db, request.params.id),
    );
    app.post(
      LOM_FOCUS_PATHS.list,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Создать направленность ЛОМ: name, theme',
          body: lomFocusCreateBody,
          response: { 201: lomFocusItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createLomFocus(db, request.body, currentUser(request))),
    );
    app.delete(
      LOM_FOCUS_PATHS.detail,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Удалить направленность ЛОМ (и её связи с ЛОМ)',
          params: lomDirectoryIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeLomFocus(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );
  };
}
