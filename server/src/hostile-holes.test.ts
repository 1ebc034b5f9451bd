import {
  ALL_PERMISSIONS,
  AUTH_PATHS,
  apiPath,
  MAX_ID,
  MAX_JSON_DEPTH,
  NAMED_PERMISSIONS,
  UNSAFE_TEXT_MESSAGE,
} from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { createKit, type Kit, type UserCaller } from './test/kit.ts';
import { nestingOf } from './test/schema-walk.ts';

/**
 * The holes that hostile input found (issue 13, part 4), one test each. The generated walk over every route
 * is test/hostile-input-walk.ts; this file proves the named calls, and that nothing was stored.
 */

let t: Kit;
/** A caller holding every permission, so each call reaches its validation. */
let everything: UserCaller;

beforeAll(async () => {
  t = await createKit({}, { demo: { messages: 200, loms: 30, themes: 10, seed: 5 } });
  everything = await t.caller({
    role: 1,
    uiPermissions: [...NAMED_PERMISSIONS],
    extraPermissions: [...ALL_PERMISSIONS],
  });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown) =>
  everything.request(method, url, body);

/** How many rows of `table` hold a text with a NUL, a replacement character, or the marker. */
async function storedLike(table: string, column: string, marker: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql.raw(
      `select count(*)::int as n from "${table}" where "${column}" like '%${marker}%' or "${column}" like '%\uFFFD%'`,
    ),
  );
  return row.n;
}

interface TextCall {
  name: string;
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  field: string;
  body: (text: string) => Record<string, unknown>;
  table: string;
  column: string;
}

const TEXT_CALLS: TextCall[] = [
  {
    name: 'theme',
    method: 'POST',
    url: '/api/v2/themes/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'themes',
    column: 'name',
  },
  {
    name: 'theme rename',
    method: 'PATCH',
    url: '/api/v2/themes/1/name/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'themes',
    column: 'name',
  },
  {
    name: 'AI theme',
    method: 'POST',
    url: '/api/v2/themes/create_ai_theme/',
    field: 'theme_name',
    body: (s) => ({ theme_name: s }),
    table: 'themes',
    column: 'name',
  },
  {
    name: 'info reason',
    method: 'POST',
    url: '/api/v1/info-reasons/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'info_reasons',
    column: 'name',
  },
  {
    name: 'info reason rename',
    method: 'PATCH',
    url: '/api/v1/info-reasons/1/name/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'info_reasons',
    column: 'name',
  },
  {
    name: 'rubric',
    method: 'POST',
    url: '/api/v2/rubrics/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'rubrics',
    column: 'name',
  },
  {
    name: 'tag',
    method: 'POST',
    url: '/api/v2/tags/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'tags',
    column: 'name',
  },
  {
    name: 'personal tag',
    method: 'POST',
    url: '/api/v1/personal-tags/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'personal_tags',
    column: 'name',
  },
  {
    name: 'lom type',
    method: 'POST',
    url: '/api/v1/lom-types/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'lom_types',
    column: 'name',
  },
  {
    name: 'lom focus',
    method: 'POST',
    url: '/api/v1/lom-focus/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'lom_focuses',
    column: 'name',
  },
  {
    name: 'mlg report',
    method: 'POST',
    url: '/api/v1/mlg-reports/',
    field: 'title',
    body: (s) => ({ title: s }),
    table: 'lom_groups',
    column: 'title',
  },
  {
    name: 'personal theme',
    method: 'POST',
    url: '/api/v1/messages/save_personal_theme/',
    field: 'name',
    body: (s) => ({ name: s }),
    table: 'personal_themes',
    column: 'name',
  },
  {
    name: 'quote of a message',
    method: 'POST',
    url: '/api/v1/messages/1/quote/',
    field: 'text',
    body: (s) => ({ text: s }),
    table: 'quotes',
    column: 'text',
  },
  {
    name: 'manual quote',
    method: 'POST',
    url: '/api/v1/messages/create-manual-quote/',
    field: 'text',
    body: (s) => ({ text: s, lom_id: 1 }),
    table: 'quotes',
    column: 'text',
  },
  {
    name: 'manual message',
    method: 'POST',
    url: '/api/v1/messages/',
    field: 'text',
    body: (s) => ({ text: s, lom_id: 1, wrote_at: new Date().toISOString(), message_type: 1 }),
    table: 'messages',
    column: 'text',
  },
];

describe('text with a NUL byte or an unpaired surrogate', () => {
  it.each(TEXT_CALLS.map((call) => [call.name, call] as const))(
    '%s: 400 naming the field, nothing stored',
    async (_name, call) => {
      for (const [label, bad] of [
        ['NUL', 'Хвост\u0000nul'],
        ['high surrogate', 'Хвост\ud800nul'],
        ['low surrogate', 'Хвост\udc00nul'],
      ] as const) {
        const res = await send(call.method, call.url, call.body(bad));
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ field: call.field });
        expect(res.json().message).toContain(UNSAFE_TEXT_MESSAGE);
      }
      expect(await storedLike(call.table, call.column, 'Хвост')).toBe(0);
      // The same call with clean text is accepted: the 400 above was the text, not the rest of the body.
      const clean = await send(call.method, call.url, call.body(`Чистый текст ${call.name}`));
      expect(clean.statusCode, clean.body).toBeLessThan(300);
    },
  );

  it('refuses unsafe text in a query too', async () => {
    const res = await everything.get('/api/v2/themes/?search=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'search' });
  });
});

describe('ids are positive integers and nothing else', () => {
  const pinned = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from dashboard_themes`))[0]
      .n;

  it.each([true, '1', 1.5, -1, 0, MAX_ID + 1, 2 ** 63])('{"theme": %j} pins nothing', async (theme) => {
    const before = await pinned();
    const res = await send('POST', '/api/v2/dashboard/themes/', { theme });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('theme');
    expect(await pinned()).toBe(before);
  });

  it('copies no loms for {"theme": true}', async () => {
    const res = await send('POST', '/api/v2/dashboard/2/copy-loms/', { theme: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('theme');
  });

  it.each(['2147483648', '9223372036854775808', 'true', '1e3', '-1', '0x10'])(
    'path id %s answers 400',
    async (id) => {
      const res = await everything.get(`/api/v2/themes/${id}/`);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('id');
    },
  );

  it('refuses list items past the largest id', async () => {
    const res = await everything.get(`/api/v2/themes/?id_in=1,${2 ** 31}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('id_in');
  });
});

describe('empty and null bodies', () => {
  it("create a theme named 'без имени', as the spec says", async () => {
    // No body at all, a JSON null and an empty object.
    for (const body of [undefined, null, {}]) {
      const res = await everything.post('/api/v2/themes/', body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().name).toBe('без имени');
    }
  });

  it("rename an info reason to 'без имени' when the name is blank", async () => {
    const res = await send('PATCH', '/api/v1/info-reasons/2/name/', { name: '  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('без имени');
  });

  it.each([
    ['info reason', '/api/v1/info-reasons/', 'name', 'info_reasons'],
    ['mlg report', '/api/v1/mlg-reports/', 'title', 'lom_groups'],
    ['personal theme', '/api/v1/messages/save_personal_theme/', 'name', 'personal_themes'],
  ])('answer 400 naming the field for a new %s, and create nothing', async (_name, url, field, table) => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from "${table}"`)))[0]
        .n;
    const before = await count();
    const nothing = await send('POST', url, null);
    expect(nothing.json()).toMatchObject({ statusCode: 400, field: 'body' });
    const empty = await send('POST', url, {});
    expect(empty.json()).toMatchObject({ statusCode: 400, field });
    const blankTitle = url.includes('mlg') ? await send('POST', url, { title: '   ' }) : null;
    if (blankTitle) expect(blankTitle.json()).toMatchObject({ statusCode: 400, field: 'title' });
    expect(await count()).toBe(before);
  });

  it('answers 400 naming group_name for a lom group form without one', async () => {
    const res = await everything.form('POST', '/api/v1/loms/new-loms/create_or_update_loms_group/', [
      ['public', 'true'],
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('group_name');
  });
});

describe('deeply nested JSON bodies', () => {
  const CONFIRM = apiPath(AUTH_PATHS.confirmPassword, { id: 1, token: 'a'.repeat(48) });
  const nested = (levels: number, open: string, close: string, inner = '1') =>
    `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
  const post = (url: string, payload: string) =>
    t.anonymous.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it.each([
    ['an object', '{"a":', '}'],
    ['an array', '[', ']'],
  ])('%s nested 100,000 levels answers 400 naming the body, not 500', async (_name, open, close) => {
    const res = await post(CONFIRM, nested(100_000, open, close));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'body' });
    expect(res.json().message).toMatch(/вложенност/);
  });

  it('a body nested exactly MAX_JSON_DEPTH levels reaches validation; one more level does not', async () => {
    const atLimit = await post(CONFIRM, `{"password":${nested(MAX_JSON_DEPTH - 1, '[', ']')}}`);
    expect(atLimit.json()).toMatchObject({ statusCode: 400, field: 'password' });
    const past = await post(CONFIRM, `{"password":${nested(MAX_JSON_DEPTH, '[', ']')}}`);
    expect(past.json()).toMatchObject({ statusCode: 400, field: 'body' });
  });

  it('every body schema of the API nests far less deep than the limit', () => {
    const deepest = Math.max(
      ...t.app.apiRoutes.map((route) => nestingOf((route.schema as { body?: never } | undefined)?.body)),
    );
    expect(deepest).toBeGreaterThan(1);
    expect(deepest * 4).toBeLessThanOrEqual(MAX_JSON_DEPTH);
  });
});
