import {
  cityPickItem,
  cityPickQuery,
  infoReasonPickItem,
  infoReasonPickQuery,
  listEnvelope,
  lomFocusPickItem,
  lomFocusPickQuery,
  lomPickItem,
  lomPickQuery,
  lomSourcePickItem,
  lomSourcePickQuery,
  lomTypePickItem,
  lomTypePickQuery,
  PICK_LIST_ALIAS_PATHS,
  PICK_LIST_PATHS,
  pickItem,
  pickListQuery,
  producerCenterPickItem,
  producerCenterPickQuery,
  regionPickQuery,
  rubricPickItem,
  rubricPickQuery,
  sourcePickItem,
  themePickItem,
  themePickQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import {
  pickInterests,
  pickListAndTypes,
  pickLomFocuses,
  pickLomTypes,
  pickProducerCenters,
  pickThematicGroups,
} from '../../domain/pick-lists/lom-directory-pick-queries.ts';
import { PICK_LIST_READERS } from '../../domain/pick-lists/pick-list-readers.ts';
import { currentUser } from '../../http/auth.ts';
import {
  pickCities,
  pickInfoReasons,
  pickLomSources,
  pickLoms,
  pickPersonalTags,
  pickRegions,
  pickRubrics,
  pickSources,
  pickTags,
  pickThemes,
} from './queries.ts';

const tags = ['directories'];

const readers = { guard: { anyOf: PICK_LIST_READERS } };

/** The directory pick lists of api.md §7.3, §7.6 and §7.9, at the paths of contracts' PICK_LIST_PATHS. */
export function directoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      PICK_LIST_PATHS.lom,
      {
        config: readers,
        schema: {
          tags,
          summary: 'ЛОМ для выбора: поиск по имени, is_active, archived',
          querystring: lomPickQuery,
          response: { 200: listEnvelope(lomPickItem) },
        },
      },
      async (request) => pickLoms(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.theme,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Темы для выбора: активные, если не сказано иное',
          querystring: themePickQuery,
          response: { 200: listEnvelope(themePickItem) },
        },
      },
      async (request) => pickThemes(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.info_reason,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Инфоповоды для выбора: активные, если не сказано иное; theme_in',
          querystring: infoReasonPickQuery,
          response: { 200: listEnvelope(infoReasonPickItem) },
        },
      },
      async (request) => pickInfoReasons(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.rubric,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Рубрики (сегменты) для выбора',
          querystring: rubricPickQuery,
          response: { 200: listEnvelope(rubricPickItem) },
        },
      },
      async (request) => pickRubrics(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.region,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Регионы для выбора',
          querystring: regionPickQuery,
          response: { 200: listEnvelope(pickItem) },
        },
      },
      async (request) => pickRegions(db, request.query),
    );
    for (const path of [PICK_LIST_PATHS.city, PICK_LIST_ALIAS_PATHS.city]) {
      app.get(
        path,
        {
          config: readers,
          schema: {
            tags,
            summary: 'Города для выбора; region_in',
            querystring: cityPickQuery,
            response: { 200: listEnvelope(cityPickItem) },
          },
        },
        async (request) => pickCities(db, request.query),
      );
    }
    app.get(
      PICK_LIST_PATHS.tag,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Теги для выбора',
          querystring: pickListQuery,
          response: { 200: listEnvelope(pickItem) },
        },
      },
      async (request) => pickTags(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.personal_tag,
      {
        // One's own tags only, under the permission that puts them on messages.
        config: { guard: 'PERSONAL_TAGS' },
        schema: {
          tags,
          summary: 'Личные теги текущего пользователя',
          querystring: pickListQuery,
          response: { 200: listEnvelope(pickItem) },
        },
      },
      async (request) => pickPersonalTags(db, currentUser(request).id, request.query),
    );
    app.get(
      PICK_LIST_PATHS.source,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Площадки (социальные сети) для выбора',
          querystring: pickListQuery,
          response: { 200: listEnvelope(sourcePickItem) },
        },
      },
      async (request) => pickSources(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.lom_source,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Аккаунты ЛОМ для выбора: lom / lom_in, source_in, is_active',
          querystring: lomSourcePickQuery,
          response: { 200: listEnvelope(lomSourcePickItem) },
        },
      },
      async (request) => pickLomSources(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.lom_type,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Типы ЛОМ для выбора: is_segment, is_interest, is_category, archived, ai, theme_in, sort',
          querystring: lomTypePickQuery,
          response: { 200: listEnvelope(lomTypePickItem) },
        },
      },
      async (request) => pickLomTypes(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.lom_focus,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Направленности ЛОМ для выбора: archived, ai, theme_in, theme_isnull',
          querystring: lomFocusPickQuery,
          response: { 200: listEnvelope(lomFocusPickItem) },
        },
      },
      async (request) => pickLomFocuses(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.producer_center,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Продюсерские центры для выбора; type_in',
          querystring: producerCenterPickQuery,
          response: { 200: listEnvelope(producerCenterPickItem) },
        },
      },
      async (request) => pickProducerCenters(db, request.query),
    );
    for (const [path, summary, pick] of [
      [PICK_LIST_PATHS.thematic_group, 'Тематические группы ЛОМ для выбора', pickThematicGroups],
      [PICK_LIST_PATHS.list_and, 'Записи классификации «Список и» для выбора', pickListAndTypes],
      [PICK_LIST_PATHS.interest, 'Интересы аудитории для выбора', pickInterests],
    ] as const) {
      app.get(
        path,
        {
          config: readers,
          schema: { tags, summary, querystring: pickListQuery, response: { 200: listEnvelope(pickItem) } },
        },
        async (request) => pick(db, request.query),
      );
    }
  };
}
