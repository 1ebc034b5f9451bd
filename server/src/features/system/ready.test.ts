import { SYSTEM_PATHS } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await createKit();
});
afterAll(async () => {
  await kit.close();
});

describe('readiness', () => {
  it('answers 200 while serving, and 503 in the error body once draining, while liveness still answers', async () => {
    const serving = await kit.anonymous.get(SYSTEM_PATHS.ready);
    expect(serving.statusCode).toBe(200);
    expect(serving.json()).toEqual({ status: 'ready' });

    kit.app.lifecycle.markDraining();
    const draining = await kit.anonymous.get(SYSTEM_PATHS.ready);
    expect(draining.statusCode).toBe(503);
    expect(draining.headers.connection).toBe('close');
    expect(draining.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Сервер перезапускается, повторите запрос',
    });
    expect((await kit.anonymous.get(SYSTEM_PATHS.health)).statusCode).toBe(200);

    // Any other call is refused before authentication: no database round trip for a request that is not served.
    const refused = await kit.as('admin').get(SYSTEM_PATHS.environment);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().message).toBe('Сервер перезапускается, повторите запрос');
  });
});
