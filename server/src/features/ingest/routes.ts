import { INGEST_MAX_BODY_BYTES, INGEST_PATHS, ingestResult } from '@monitoring/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ingestLines, numberedLines } from '../../domain/ingest/ingest.ts';
import { currentUser } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';

const tags = ['ingest'];

const opensObject = (line: { text: string }) => line.text.trimStart().startsWith('{');

/** Message ingestion (issue 18, docs/ingestion.md): NDJSON from the crawler's service user. */
export function ingestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // NDJSON is no JSON document: inside this plugin every body is read as text (application/x-ndjson,
    // text/plain, application/json, none), up to the ingest limit; a larger one is 413 before it is read whole.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: INGEST_MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.post(
      INGEST_PATHS.messages,
      {
        bodyLimit: INGEST_MAX_BODY_BYTES,
        config: { guard: 'api_edit' },
        schema: {
          tags,
          summary:
            'Приём сообщений: NDJSON, одно сообщение в строке (источник, внешний id, аккаунт, текст, метрики)',
          response: { 200: ingestResult },
        },
      },
      async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const lines = numberedLines(body);
        if (lines.length === 0)
          throw badRequest('Пустой запрос: ожидается NDJSON, одно сообщение в строке', 'body');
        // A body none of whose lines even opens a JSON object (`null`, a JSON array, an HTML page) is no NDJSON
        // of messages at all: 400. Lines that open an object but fail are reported one by one (200).
        if (!lines.some(opensObject))
          throw badRequest(
            'Тело запроса не является NDJSON: ни одна строка не начинается с объекта JSON',
            'body',
          );
        return ingestLines(ctx.db, currentUser(request).id, lines);
      },
    );
  };
}
