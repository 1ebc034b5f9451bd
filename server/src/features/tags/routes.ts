import {
  listEnvelope,
  PERSONAL_TAG_PATHS,
  type Permission,
  personalTagItem,
  TAG_PATHS,
  tagIdParams,
  tagItem,
  tagListQuery,
  tagNameBody,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { PICK_LIST_READERS } from '../../domain/pick-lists/pick-list-readers.ts';
import { currentUser } from '../../http/auth.ts';
import { listTags } from './queries.ts';
import {
  createPersonalTag,
  createTag,
  removePersonalTag,
  removeTag,
  tag,
  updatePersonalTag,
  updateTag,
} from './service.ts';

const tags = ['tags'];

/** Reading: whoever reads the pick lists (the tag filter and the message editor pick from tags). */
const readers = { guard: { anyOf: PICK_LIST_READERS } };

/**
 * Writing: those who put tags on messages (`EDIT_MESSAGE_ATTRIBUTES`, editors and super
 * editors) and administrators (`ADMIN_PANEL`). docs/tags-and-personal-themes.md.
 */
export const TAG_WRITERS: readonly Permission[] = ['EDIT_MESSAGE_ATTRIBUTES', 'ADMIN_PANEL'];
const writers = { guard: { anyOf: TAG_WRITERS } };

/** One's own personal tags, under the permission that puts them on messages. */
const personal = { guard: 'PERSONAL_TAGS' } as const;

/**
 * api.md §7.3 tags/ (v2) and personal-tags/ (v1). The pick lists tags/filter-list/ and
 * personal-tags/filter-list/ are in the directories plugin; as static paths they win
 * over `:id/` in the router.
 */
export function tagRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      TAG_PATHS.list,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Теги: страница списка по имени (search, id_in, id_not_in)',
          querystring: tagListQuery,
          response: { 200: listEnvelope(tagItem) },
        },
      },
      async (request) => listTags(db, request.query),
    );
    app.get(
      TAG_PATHS.detail,
      {
        config: readers,
        schema: { tags, summary: 'Тег', params: tagIdParams, response: { 200: tagItem } },
      },
      async (request) => tag(db, request.params.id),
    );
    app.post(
      TAG_PATHS.list,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Создать тег (имя уникально без учёта регистра)',
          body: tagNameBody,
          response: { 201: tagItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createTag(db, request.body, currentUser(request))),
    );
    app.patch(
      TAG_PATHS.detail,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Переименовать тег',
          params: tagIdParams,
          body: tagNameBody,
          response: { 200: tagItem },
        },
      },
      async (request) => updateTag(db, request.params.id, request.body, currentUser(request)),
    );
    app.delete(
      TAG_PATHS.detail,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Удалить тег, сняв его с сообщений и фрагментов',
          params: tagIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeTag(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );

    app.post(
      PERSONAL_TAG_PATHS.create,
      {
        config: personal,
        schema: {
          tags,
          summary: 'Создать личный тег (имя уникально среди своих без учёта регистра)',
          body: tagNameBody,
          response: { 201: personalTagItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createPersonalTag(db, request.body, currentUser(request))),
    );
    app.patch(
      PERSONAL_TAG_PATHS.detail,
      {
        config: personal,
        schema: {
          tags,
          summary: 'Переименовать свой личный тег',
          params: tagIdParams,
          body: tagNameBody,
          response: { 200: personalTagItem },
        },
      },
      async (request) => updatePersonalTag(db, request.params.id, request.body, currentUser(request)),
    );
    app.delete(
      PERSONAL_TAG_PATHS.detail,
      {
        config: personal,
        schema: {
          tags,
          summary: 'Удалить свой личный тег, сняв его с сообщений',
          params: tagIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removePersonalTag(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );
  };
}
