import multipart from '@fastify/multipart';
import {
  LOM_AVATAR_MAX_BYTES,
  LOM_PATHS,
  LOM_WRITE_PATHS,
  listEnvelope,
  lomAvatarFileParams,
  lomAvatarResponse,
  lomCardDirectories,
  lomCompareItem,
  lomCompareQuery,
  lomCreateBody,
  lomDetail,
  lomIdParams,
  lomSourceCreateBody,
  lomSourceItem,
  lomUpdateBody,
} from '@monitoring/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { readAvatar } from './avatars.ts';
import { compareLoms } from './compare.ts';
import {
  cardDirectories,
  createLom,
  createLomSource,
  deleteLom,
  updateLom,
  updateLomAvatar,
} from './write-service.ts';

const tags = ['loms'];
const MEGABYTES = LOM_AVATAR_MAX_BYTES / 1024 / 1024;

/** The one image of the multipart body; every way of not sending a usable one is a 400 naming `avatar`. */
async function uploadedImage(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw badRequest('Прикрепите изображение (multipart/form-data)', 'avatar');
  const part = await request.file({ limits: { fileSize: LOM_AVATAR_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('Прикрепите изображение', 'avatar');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw badRequest(`Изображение больше ${MEGABYTES} МБ`, 'avatar');
  }
  if (bytes.length === 0) throw badRequest('Файл пустой', 'avatar');
  return new Uint8Array(bytes);
}

/**
 * api.md §7.9: the lom card's writes (create, edit, avatar, accounts, delete), the
 * directories of its editor, the avatar files and the comparison of loms.
 */
export function lomWriteRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const db = ctx.db;
    await app.register(multipart, { limits: { fileSize: LOM_AVATAR_MAX_BYTES, files: 1, fields: 5 } });

    app.post(
      LOM_WRITE_PATHS.create,
      {
        config: { guard: 'CREATE_LOM' },
        schema: { tags, summary: 'Создать ЛОМ', body: lomCreateBody, response: { 201: lomDetail } },
      },
      async (request, reply) =>
        reply.status(201).send(await createLom(db, request.body, currentUser(request))),
    );
    app.patch(
      LOM_PATHS.detail,
      {
        config: { guard: 'EDIT_LOM' },
        schema: {
          tags,
          summary: 'Изменить поля карточки ЛОМ',
          params: lomIdParams,
          body: lomUpdateBody,
          response: { 200: lomDetail },
        },
      },
      async (request) => updateLom(db, request.params.id, request.body, currentUser(request)),
    );
    app.delete(
      LOM_PATHS.detail,
      {
        config: { guard: 'EDIT_LOM' },
        schema: {
          tags,
          summary: 'Удалить ЛОМ (в архив)',
          params: lomIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteLom(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );
    app.patch(
      LOM_WRITE_PATHS.avatar,
      {
        config: { guard: 'EDIT_LOM' },
        schema: {
          tags,
          summary: `Аватар ЛОМ (multipart, поле avatar: PNG, JPEG или WebP до ${MEGABYTES} МБ)`,
          params: lomIdParams,
          response: { 200: lomAvatarResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const bytes = await uploadedImage(request);
        return updateLomAvatar(db, request.params.id, bytes, user);
      },
    );
    app.post(
      LOM_WRITE_PATHS.createSource,
      {
        config: { guard: 'EDIT_LOM' },
        schema: {
          tags,
          summary: 'Добавить аккаунт (источник) ЛОМ',
          params: lomIdParams,
          body: lomSourceCreateBody,
          response: { 201: lomSourceItem },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createLomSource(db, request.params.id, request.body, currentUser(request))),
    );
    app.get(
      LOM_WRITE_PATHS.compare,
      {
        config: { guard: 'LOMS' },
        schema: {
          tags,
          summary: 'Сравнение ЛОМ за период',
          querystring: lomCompareQuery,
          response: { 200: listEnvelope(lomCompareItem) },
        },
      },
      async (request) => compareLoms(db, request.query, currentUser(request)),
    );
    app.get(
      LOM_WRITE_PATHS.cardDirectories,
      {
        config: { guard: { anyOf: ['LOMS', 'CREATE_LOM', 'EDIT_LOM'] } },
        schema: {
          tags,
          summary: 'Справочники карточки ЛОМ: продюсерские центры, тематические группы, перечни, интересы',
          response: { 200: lomCardDirectories },
        },
      },
      async () => cardDirectories(db),
    );
    // <img> cannot send the Token header; the file names are content hashes, unguessable.
    app.get(
      LOM_WRITE_PATHS.avatarFile,
      {
        config: { guard: 'public' },
        schema: { tags, summary: 'Файл аватара ЛОМ', params: lomAvatarFileParams },
      },
      async (request, reply) => {
        const file = await readAvatar(db, request.params.file);
        if (!file) throw notFound('Аватар не найден');
        return reply
          .header('content-type', file.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .send(file.body);
      },
    );
  };
}
