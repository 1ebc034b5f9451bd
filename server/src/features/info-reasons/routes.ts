import {
  INFO_REASON_PATHS,
  infoReasonArchiveResponse,
  infoReasonCreateBody,
  infoReasonFavoriteResponse,
  infoReasonIdParams,
  infoReasonItem,
  infoReasonListQuery,
  infoReasonMassAddResponse,
  infoReasonMassArchiveBody,
  infoReasonMassResponse,
  infoReasonMergeBody,
  infoReasonRenameBody,
  infoReasonThemeBody,
  infoReasonThemeMassAddBody,
  infoReasonThemeMassUpdateBody,
  infoReasonTonalityBody,
  listEnvelope,
  type Permission,
  paginationCountResponse,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser, type Guard } from '../../http/auth.ts';
import {
  createInfoReason,
  infoReason,
  infoReasonsPaginationCount,
  listInfoReasons,
  massAddTheme,
  massArchive,
  massUpdateTheme,
  mergeInfoReason,
  removeInfoReason,
  renameInfoReason,
  setTargetTonality,
  switchFavorite,
  THEME_ASSIGNERS,
  THEME_MOVERS,
  toggleArchived,
  updateTheme,
} from './service.ts';

const tags = ['info-reasons'];

/** Reading: the info reason pages (list and detail) and the admin page of info reasons. */
export const INFO_REASON_READERS: readonly Permission[] = [
  'INFO_REASONS',
  'INFO_REASON_DETAIL',
  'ADMIN_PANEL_INFOREASONS',
];

const guard = (g: Guard) => ({ guard: g });
const readers = guard({ anyOf: INFO_REASON_READERS });
const editors = guard('EDIT_INFO_REASON');
const archivers = guard('ARCHIVE_INFO_REASON');
/** Moving into or out of a theme; the service checks the permission the value needs. */
const themeMovers = guard({ anyOf: THEME_MOVERS });
const themeAssigners = guard({ anyOf: THEME_ASSIGNERS });

/** api.md §7.3 info-reasons/ (its filter-list/ is in the directories plugin). docs/info-reasons.md. */
export function infoReasonRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;

    app.get(
      INFO_REASON_PATHS.list,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Инфоповоды: страница списка (без созданных ИИ, если не задан ai)',
          querystring: infoReasonListQuery,
          response: { 200: listEnvelope(infoReasonItem) },
        },
      },
      async (request) => listInfoReasons(db, request.query, currentUser(request)),
    );
    app.get(
      INFO_REASON_PATHS.count,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Число инфоповодов и страниц по фильтру',
          querystring: infoReasonListQuery,
          response: { 200: paginationCountResponse },
        },
      },
      async (request) => infoReasonsPaginationCount(db, request.query),
    );
    app.get(
      INFO_REASON_PATHS.detail,
      {
        config: readers,
        schema: { tags, summary: 'Инфоповод', params: infoReasonIdParams, response: { 200: infoReasonItem } },
      },
      async (request) => infoReason(db, request.params.id, currentUser(request)),
    );

    app.post(
      INFO_REASON_PATHS.list,
      {
        config: editors,
        schema: {
          tags,
          summary: "Создать инфоповод: name ('без имени', если пусто), theme (или null)",
          body: infoReasonCreateBody,
          response: { 201: infoReasonItem },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createInfoReason(db, request.body, currentUser(request))),
    );
    app.delete(
      INFO_REASON_PATHS.detail,
      {
        config: editors,
        schema: {
          tags,
          summary: 'Удалить инфоповод (сообщения, фрагменты, цитаты и разметки его теряют)',
          params: infoReasonIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removeInfoReason(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );

    app.patch(
      INFO_REASON_PATHS.themeMassUpdate,
      {
        config: themeMovers,
        schema: {
          tags,
          summary: 'Перенести инфоповоды в тему (theme) или отвязать от темы (theme: null)',
          body: infoReasonThemeMassUpdateBody,
          response: { 200: infoReasonMassResponse },
        },
      },
      async (request) => massUpdateTheme(db, request.body.ids, request.body.theme, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.themeMassAdd,
      {
        config: themeAssigners,
        schema: {
          tags,
          summary: 'Перенести инфоповоды в тему по названию (тема создаётся, если её нет)',
          body: infoReasonThemeMassAddBody,
          response: { 200: infoReasonMassAddResponse },
        },
      },
      async (request) => massAddTheme(db, request.body.ids, request.body.theme_name, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.massArchive,
      {
        config: archivers,
        schema: {
          tags,
          summary: 'Архивировать инфоповоды (archive, по умолчанию true) или вернуть из архива',
          body: infoReasonMassArchiveBody,
          response: { 200: infoReasonMassResponse },
        },
      },
      async (request) => massArchive(db, request.body.ids, request.body.archive, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.archive,
      {
        config: archivers,
        schema: {
          tags,
          summary: 'Переключить архивность инфоповода',
          params: infoReasonIdParams,
          response: { 200: infoReasonArchiveResponse },
        },
      },
      async (request) => toggleArchived(db, request.params.id, currentUser(request)),
    );
    app.post(
      INFO_REASON_PATHS.merge,
      {
        config: guard('MERGE_INFO_REASONS'),
        schema: {
          tags,
          summary: 'Объединить инфоповод с другим (theme — инфоповод, который останется)',
          params: infoReasonIdParams,
          body: infoReasonMergeBody,
          response: { 200: infoReasonItem },
        },
      },
      async (request) => mergeInfoReason(db, request.params.id, request.body.theme, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.switchFavorite,
      {
        config: guard('ADD_INFO_REASON_TO_FAVORITE'),
        schema: {
          tags,
          summary: 'Добавить инфоповод в избранное или убрать из него',
          params: infoReasonIdParams,
          response: { 200: infoReasonFavoriteResponse },
        },
      },
      async (request) => switchFavorite(db, request.params.id, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.updateTheme,
      {
        config: themeMovers,
        schema: {
          tags,
          summary: 'Перенести инфоповод в тему (theme) или отвязать от темы (theme: null)',
          params: infoReasonIdParams,
          body: infoReasonThemeBody,
          response: { 200: infoReasonItem },
        },
      },
      async (request) => updateTheme(db, request.params.id, request.body.theme, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.rename,
      {
        config: editors,
        schema: {
          tags,
          summary: "Переименовать инфоповод ('без имени', если пусто)",
          params: infoReasonIdParams,
          body: infoReasonRenameBody,
          response: { 200: infoReasonItem },
        },
      },
      async (request) => renameInfoReason(db, request.params.id, request.body.name, currentUser(request)),
    );
    app.patch(
      INFO_REASON_PATHS.updateTonality,
      {
        config: editors,
        schema: {
          tags,
          summary: 'Целевая тональность инфоповода (1–6 или null); ответ — инфоповод с полнотой',
          params: infoReasonIdParams,
          body: infoReasonTonalityBody,
          response: { 200: infoReasonItem },
        },
      },
      async (request) =>
        setTargetTonality(db, request.params.id, request.body.target_tonality, currentUser(request)),
    );
  };
}
