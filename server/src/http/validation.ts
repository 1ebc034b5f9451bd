import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan, safeInput } from '@monitoring/contracts';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Requests are parsed by their contracts schemas, each first refusing a NUL byte or an unpaired surrogate
 * anywhere in its input (contracts `safeInput`): 400 naming the field, before any handler runs. Answers are
 * serialised through their response schemas.
 *
 * Before that, a JSON body nested deeper than contracts' MAX_JSON_DEPTH is refused as it arrives (400 naming
 * the body): the walks over a parsed body recurse, and 100,000 levels ran them out of stack (a 500).
 */
export function registerValidation(app: FastifyInstance): void {
  // Fastify's own parser (secure-json-parse, refusing __proto__ and constructor keys) once the depth is known.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string)) {
      done(badRequest(`Тело запроса отклонено: ${JSON_TOO_DEEP_MESSAGE}`, 'body'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler<z.ZodType>((route) =>
    validatorCompiler({ ...route, schema: safeInput(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
}
