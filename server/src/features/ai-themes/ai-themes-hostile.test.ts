import { AI_THEME_PATHS, apiPath } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { messageMarkups } from '../../db/schema/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';

// Hostile input to ai-propose/, ai-proposals/ and message_markups/{id}/confirm/ (Standards): bodies empty,
// null, malformed or of the wrong shape; ids and numbers as booleans, negatives, 2^63; strings with NUL bytes,
// unpaired surrogates, a megabyte. 400 with a Russian message naming the field, 404 for an unknown markup, and
// nothing written. (Approving or rejecting a proposal is the themes' own approve/delete, tested there.)

const BIG = '9223372036854775808';

let kit: Kit;
let markupId: number;
beforeAll(async () => {
  kit = await createKit();
  // One AI markup of an approved theme, waiting for an editor: hostile calls must leave it waiting.
  const theme = await buildTheme(kit.db, { name: 'Паводок', approved: true });
  const message = await buildMessage(kit.db, { text: 'Паводок подтопил дачи у реки', wroteAt: new Date() });
  const [row] = await kit.db
    .insert(messageMarkups)
    .values({ messageId: message.id, themeId: theme.id, ai: true, aiScore: 0.8 })
    .returning({ id: messageMarkups.id });
  markupId = row.id;
});
afterAll(() => kit.close());

const raw = (method: string, url: string, payload: string) =>
  kit.as('editor').inject({ method, url, payload, headers: { 'content-type': 'application/json' } });

async function written(): Promise<string> {
  const rows = await queryRows<Record<string, unknown>>(
    kit.db,
    sql`select (select count(*)::int from themes) as themes,
               (select count(*)::int from ai_theme_proposals) as proposals,
               (select count(*)::int from info_reasons) as reasons,
               (select string_agg(id || ':' || ai || ':' || coalesce(theme_id, 0), ',' order by id) from message_markups) as markups,
               (select string_agg(id || ':' || coalesce(theme_id, 0), ',' order by id) from messages) as messages,
               (select count(*)::int from user_actions) as actions`,
  );
  return JSON.stringify(rows[0]);
}

function expect400(res: { statusCode: number; body: string }, field: string, label = field) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const body = JSON.parse(res.body) as { message: string; field: string };
  expect(body.field, label).toBe(field);
  expect(body.message, label).toMatch(/[а-яё]{3}/i);
  expect(body.message, label).not.toMatch(/Invalid input|expected/);
}

describe('ai-propose/: hostile input', () => {
  it('answers 400 naming the field, and proposes nothing', async () => {
    const before = await written();
    for (const payload of ['', '{bad', '[]', '"x"', '7', 'true'])
      expect400(await raw('POST', AI_THEME_PATHS.propose, payload), 'body', JSON.stringify(payload));
    const post = (body: unknown) => kit.as('editor').post(AI_THEME_PATHS.propose, body);
    expect400(await post({ days: true }), 'days', 'days true');
    expect400(await post({ days: -1 }), 'days', 'days -1');
    expect400(await post({ days: 0 }), 'days', 'days 0');
    expect400(await post({ days: 366 }), 'days', 'days 366');
    expect400(await post({ days: 1.5 }), 'days', 'days 1.5');
    expect400(await post({ days: '7' }), 'days', 'days as text');
    expect400(await post({ days: '\u0000' }), 'days', 'days NUL');
    expect400(await raw('POST', AI_THEME_PATHS.propose, `{"days":${BIG}}`), 'days', 'days 2^63');
    expect400(await raw('POST', AI_THEME_PATHS.propose, '{"limit":"\\udfff"}'), 'limit', 'limit surrogate');
    expect400(await post({ limit: 50_001 }), 'limit', 'limit over');
    expect400(await post({ limit: null }), 'limit', 'limit null');
    expect400(await post({ theme_name: 'x'.repeat(1_000_000) }), 'theme_name', 'unknown field, a megabyte');
    expect((await post({ days: 7, theme_name: 'я'.repeat(1_000_000) })).statusCode).toBe(413);
    expect(await written()).toBe(before);
  });

  it('reads a JSON null like no body: the documented window (Fastify reads both as null)', async () => {
    const none = await kit.as('editor').inject({ method: 'POST', url: AI_THEME_PATHS.propose });
    const nul = await raw('POST', AI_THEME_PATHS.propose, 'null');
    expect([none.statusCode, nul.statusCode]).toEqual([200, 200]);
    expect(nul.json().scanned).toBe(none.json().scanned);
  });

  it('asks for a login and the permission first', async () => {
    expect((await kit.anonymous.post(AI_THEME_PATHS.propose, { days: true })).statusCode).toBe(401);
    expect((await kit.as('user').post(AI_THEME_PATHS.propose, { days: true })).statusCode).toBe(403);
  });
});

describe('ai-proposals/: hostile query', () => {
  it('answers 400 naming page or page_size', async () => {
    const get = (query: Record<string, string>) => kit.as('editor').get(AI_THEME_PATHS.proposals, query);
    for (const page of ['true', '-1', '0', BIG, '1.5', '1\u0000', '\ud800', '9'.repeat(1_000_000)])
      expect400(await get({ page }), 'page', `page ${page.slice(0, 20)}`);
    for (const size of ['true', '-1', BIG, '51', '1\u0000'])
      expect400(await get({ page_size: size }), 'page_size', `page_size ${size}`);
    expect((await get({ page: '1', page_size: '50' })).statusCode).toBe(200);
  });
});

describe('message_markups/{id}/confirm/: hostile ids', () => {
  const confirm = (id: string) => kit.as('editor').post(`/api/v3/message_markups/${id}/confirm/`);

  it('answers 400 naming the id to a boolean, a negative, 2^63 or text, 404 to an unknown one, and confirms nothing', async () => {
    const before = await written();
    for (const id of ['true', 'false', '-1', '0', BIG, '2147483648', '1.5', '1e3', 'null', '%00'])
      expect400(await confirm(id), 'id', `id ${id}`);
    // An unpaired surrogate, percent-encoded, is no valid URL component: the router refuses the path itself.
    expect400(await confirm('%ED%A0%80'), 'url', 'id as a lone surrogate');
    const unknown = await confirm(String(markupId + 1000));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/не найдена/);
    // A body is no part of the call; a malformed one is still refused before anything is read.
    expect400(
      await raw('POST', apiPath(AI_THEME_PATHS.confirmMarkup, { id: markupId }), '{bad'),
      'body',
      'bad body',
    );
    expect(await written()).toBe(before);
  });

  it('asks for a login and the permission before it looks the markup up', async () => {
    const path = apiPath(AI_THEME_PATHS.confirmMarkup, { id: markupId });
    expect((await kit.anonymous.post(path)).statusCode).toBe(401);
    expect((await kit.as('user').post(path)).statusCode).toBe(403);
    const ok = await kit.as('editor').post(path);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ markup: markupId, outcome: 'primary' });
    // The message took the theme and the markup is gone: a second confirmation finds nothing.
    expect((await kit.as('editor').post(path)).statusCode).toBe(404);
  });
});
