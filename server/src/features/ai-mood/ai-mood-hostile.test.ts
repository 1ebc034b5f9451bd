import { AI_MOOD_PATHS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { insertMessages } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { trainingFinished } from './runner.ts';

// Hostile input to /api/v2/ai/mood/* (Standards): bodies empty, null, malformed or of the wrong shape; ids as
// booleans, negatives and 2^63; strings with NUL bytes, unpaired surrogates, a megabyte. Each answers 400 with a
// Russian message naming the field, and nothing is written (no model, no mark, no training run).

const BIG = '9223372036854775808';

let t: Kit;
beforeAll(async () => {
  t = await createKit();
  await insertMessages(t.db, [
    { text: 'Отличная новость для горожан', wroteAt: new Date('2025-03-01T09:00:00Z') },
    { text: 'Опять прорвало трубу на Ленина', wroteAt: new Date('2025-03-02T09:00:00Z') },
  ]);
});
afterAll(() => t.close());

const raw = (method: string, url: string, payload: string) =>
  t.as('admin').inject({ method, url, payload, headers: { 'content-type': 'application/json' } });

/** Models, marks and the training status: none of them may move. */
async function written() {
  const [row] = await queryRows<{ models: number; marked: number }>(
    t.db,
    sql`select (select count(*)::int from mood_models) as models,
               (select count(*)::int from messages where mood_ai is not null or state = 2) as marked`,
  );
  const training = (await t.as('admin').get(AI_MOOD_PATHS.train)).json();
  return { ...row, training };
}

function expect400(res: { statusCode: number; body: string }, field: string, label = field) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const body = JSON.parse(res.body) as { message: string; field: string };
  expect(body.field, label).toBe(field);
  expect(body.message, label).toContain(`«${field}»`);
  expect(body.message, label).toMatch(/[а-яё]{3}/i);
  expect(body.message, label).not.toMatch(/Invalid input|expected/);
}

describe('ai/mood: hostile input', () => {
  it('train/ takes no fields: null and {} start a run; anything else is 400 and starts none', async () => {
    const before = await written();
    expect(before.training).toMatchObject({ running: false, last: null });
    for (const payload of ['{bad', '[]', '"x"', '42', 'true']) {
      const res = await raw('POST', AI_MOOD_PATHS.train, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().field, payload).toBe('body');
      expect(res.json().message, payload).toMatch(/JSON/);
    }
    expect400(await t.as('admin').post(AI_MOOD_PATHS.train, { force: true }), 'force');
    expect400(
      await t.as('admin').post(AI_MOOD_PATHS.train, { ['x'.repeat(1_000)]: 1 }),
      'x'.repeat(1_000),
      'long key',
    );
    expect(await written()).toEqual(before);

    // A JSON null is an absent body (Fastify reads both as null): it starts a run, refused on two messages.
    const started = await raw('POST', AI_MOOD_PATHS.train, 'null');
    expect(started.statusCode).toBe(202);
    await trainingFinished(t.db);
    const after = await written();
    expect(after.models).toBe(0);
    expect(after.training.last.outcome).toBe('refused');
  });

  it('mark/ answers 400 naming the field to every hostile body, and marks nothing', async () => {
    const before = await written();
    for (const payload of ['', '{bad', 'null', '[]', '"2025-01-01"', '0']) {
      const res = await raw('POST', AI_MOOD_PATHS.mark, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().field, payload).toBe('body');
      expect(res.json().message, payload).not.toMatch(/Invalid input|expected/);
    }
    const period = { date_from: '2025-03-01', date_to: '2025-03-31' };
    const post = (body: unknown) => t.as('admin').post(AI_MOOD_PATHS.mark, body);
    expect400(await post({}), 'date_from', 'empty object');
    expect400(await post({ ...period, ids: [true] }), 'ids.0', 'ids [true]');
    expect400(await post({ ...period, ids: [-1] }), 'ids.0', 'ids [-1]');
    expect400(await post({ ...period, ids: [0] }), 'ids.0', 'ids [0]');
    expect400(await post({ ...period, ids: [1.5] }), 'ids.0', 'ids [1.5]');
    expect400(await post({ ...period, ids: true }), 'ids', 'ids true');
    expect400(
      await raw(
        'POST',
        AI_MOOD_PATHS.mark,
        `{"date_from":"2025-03-01","date_to":"2025-03-31","ids":[${BIG}]}`,
      ),
      'ids.0',
      'ids 2^63',
    );
    expect400(await post({ ...period, date_from: true }), 'date_from', 'date true');
    expect400(await post({ ...period, date_from: '2025-03-01\u0000' }), 'date_from', 'NUL');
    expect400(
      await raw('POST', AI_MOOD_PATHS.mark, '{"date_from":"2025-03-01","date_to":"\\ud800"}'),
      'date_to',
      'surrogate',
    );
    expect400(await post({ ...period, date_to: '9'.repeat(1_000_000) }), 'date_to', 'a megabyte');
    expect400(await post({ ...period, date_to: '2025-02-30' }), 'date_to', 'no such day');
    expect400(await post({ date_from: '2025-03-31', date_to: '2025-03-01' }), 'date_from', 'reversed');
    expect400(await post({ date_from: '2020-01-01', date_to: '2025-03-01' }), 'date_to', 'over a year');
    expect400(await post({ ...period, extra: 'x' }), 'extra', 'unknown field');
    expect(await written()).toEqual(before);
  });

  it('models/ and train/ ask for a login and the right permission before anything else', async () => {
    expect((await t.anonymous.post(AI_MOOD_PATHS.mark, { date_from: true })).statusCode).toBe(401);
    expect((await t.as('editor').post(AI_MOOD_PATHS.mark, { date_from: true })).statusCode).toBe(403);
    expect((await t.as('editor').inject({ method: 'POST', url: AI_MOOD_PATHS.train })).statusCode).toBe(403);
    expect((await t.anonymous.get(AI_MOOD_PATHS.models)).statusCode).toBe(401);
  });
});
