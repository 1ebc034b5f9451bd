import { safeInput } from '@monitoring/contracts';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Requests are parsed by their contracts schemas, each first refusing a NUL byte or an unpaired surrogate
 * anywhere in its input (contracts `safeInput`): 400 naming the field, before any handler runs. Answers are
 * serialised through their response schemas.
 */
export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>((route) =>
    validatorCompiler({ ...route, schema: safeInput(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
}
