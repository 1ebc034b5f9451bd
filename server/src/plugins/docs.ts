import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SYSTEM_PATHS } from '@monitoring/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI of every route, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Monitoring API', version: '1.0.0', description: 'API системы мониторинга СМИ' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: SYSTEM_PATHS.docs });
}
