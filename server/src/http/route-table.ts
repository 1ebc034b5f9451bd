import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Guard } from './auth.ts';

/** One API route as registered: what generated tests (hostile input, permission matrix) walk. */
export interface ApiRoute {
  method: string;
  url: string;
  guard: Guard;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

/**
 * Refuses to start a server with an API route that does not say who may call it, and keeps the list of
 * every API route with its guard and schemas.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v')) return;
    const guard = route.config?.guard;
    if (!guard) throw new Error(`Route ${route.method} ${route.url} declares no guard`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, guard, schema: route.schema });
    }
  });
}
