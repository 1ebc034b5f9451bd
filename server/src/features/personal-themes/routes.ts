import {
  listEnvelope,
  PERSONAL_THEME_PATHS,
  type Permission,
  PROFILE_LIST_PATHS,
  personalThemeIdParams,
  personalThemeItem,
  personalThemeListQuery,
  personalThemePatchBody,
  profileFavouriteInfoReasonItem,
  profileFavouriteThemeItem,
  profileListQuery,
  profilePersonalThemeItem,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/auth.ts';
import {
  listFavouriteInfoReasons,
  listFavouriteThemes,
  listPersonalThemes,
  listProfilePersonalThemes,
} from './queries.ts';
import { removePersonalTheme, updatePersonalTheme } from './service.ts';

const tags = ['personal-themes'];

/**
 * Reading one's own personal themes: whoever can use them, that is filter messages with
 * them (`MESSAGES`), open their dashboards (`THEMES_DASHBOARD`) or save them
 * (`CREATE_PERSONAL_THEME`). docs/tags-and-personal-themes.md.
 */
export const PERSONAL_THEME_READERS: readonly Permission[] = [
  'MESSAGES',
  'THEMES_DASHBOARD',
  'CREATE_PERSONAL_THEME',
];
const readers = { guard: { anyOf: PERSONAL_THEME_READERS } };
/** Changing them: the permission that creates them (messages/save_personal_theme/). */
const writers = { guard: 'CREATE_PERSONAL_THEME' } as const;
/** The profile page's lists. */
const profile = { guard: 'PROFILE' } as const;

/** api.md §7.10 personal-themes/ and the profile's lists; every row is the caller's own. */
export function personalThemeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      PERSONAL_THEME_PATHS.list,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Мои персональные темы с фильтрами; type_in',
          querystring: personalThemeListQuery,
          response: { 200: listEnvelope(personalThemeItem) },
        },
      },
      async (request) => listPersonalThemes(db, currentUser(request).id, request.query),
    );
    app.patch(
      PERSONAL_THEME_PATHS.detail,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Изменить свою персональную тему: name, filters, type',
          params: personalThemeIdParams,
          body: personalThemePatchBody,
          response: { 200: personalThemeItem },
        },
      },
      async (request) => updatePersonalTheme(db, request.params.id, request.body, currentUser(request)),
    );
    app.delete(
      PERSONAL_THEME_PATHS.detail,
      {
        config: writers,
        schema: {
          tags,
          summary: 'Удалить свою персональную тему',
          params: personalThemeIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removePersonalTheme(db, request.params.id, currentUser(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      PROFILE_LIST_PATHS.personalThemes,
      {
        config: profile,
        schema: {
          tags,
          summary: 'Профиль: мои персональные темы',
          querystring: personalThemeListQuery,
          response: { 200: listEnvelope(profilePersonalThemeItem) },
        },
      },
      async (request) => listProfilePersonalThemes(db, currentUser(request).id, request.query),
    );
    app.get(
      PROFILE_LIST_PATHS.favouriteThemes,
      {
        config: profile,
        schema: {
          tags,
          summary: 'Профиль: избранные темы',
          querystring: profileListQuery,
          response: { 200: listEnvelope(profileFavouriteThemeItem) },
        },
      },
      async (request) => listFavouriteThemes(db, currentUser(request).id, request.query),
    );
    app.get(
      PROFILE_LIST_PATHS.favouriteInfoReasons,
      {
        config: profile,
        schema: {
          tags,
          summary: 'Профиль: избранные инфоповоды с их темой',
          querystring: profileListQuery,
          response: { 200: listEnvelope(profileFavouriteInfoReasonItem) },
        },
      },
      async (request) => listFavouriteInfoReasons(db, currentUser(request).id, request.query),
    );
  };
}
