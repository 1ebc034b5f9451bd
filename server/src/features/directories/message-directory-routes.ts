import {
  channelPickItem,
  channelPickQuery,
  listEnvelope,
  PICK_LIST_PATHS,
  pickItem,
  pickListQuery,
} from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { PICK_LIST_READERS } from '../../domain/pick-lists/pick-list-readers.ts';
import { pickChannels, pickContentTypes, pickHeadings } from './message-directory-queries.ts';

const tags = ['directories'];
const readers = { guard: { anyOf: PICK_LIST_READERS } };
/** Channels also filter the conversations (product.md §3 Conversation). */
const channelReaders = { guard: { anyOf: [...PICK_LIST_READERS, 'CONVERSATIONS' as const] } };

/** api.md §7.3: content types, headings and channels, in the shared pick-list shape. */
export function messageDirectoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx;
    app.get(
      PICK_LIST_PATHS.content_type,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Типы контента для выбора (в порядке их номеров)',
          querystring: pickListQuery,
          response: { 200: listEnvelope(pickItem) },
        },
      },
      async (request) => pickContentTypes(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.heading,
      {
        config: readers,
        schema: {
          tags,
          summary: 'Рубрики издания (заголовки разделов) для выбора',
          querystring: pickListQuery,
          response: { 200: listEnvelope(pickItem) },
        },
      },
      async (request) => pickHeadings(db, request.query),
    );
    app.get(
      PICK_LIST_PATHS.channel,
      {
        config: channelReaders,
        schema: {
          tags,
          summary: 'Каналы (ТВ, радио, издания) для выбора; source_in',
          querystring: channelPickQuery,
          response: { 200: listEnvelope(channelPickItem) },
        },
      },
      async (request) => pickChannels(db, request.query),
    );
  };
}
