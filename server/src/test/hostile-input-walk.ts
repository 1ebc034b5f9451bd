import { ALL_PERMISSIONS, AUTH_PATHS, INGEST_PATHS, NAMED_PERMISSIONS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type Db, queryRows } from '../db/client.ts';
import type { ApiRoute } from '../http/route-table.ts';
import { type CallOptions, createKit, type UserCaller } from './kit.ts';
import { accepts, fieldsOf, kindOf, sampleObject } from './schema-walk.ts';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const HUGE = 2 ** 63;
const MEGABYTE_TEXT = 'я'.repeat(600_000);
const TEN_THOUSAND_IDS = Array.from({ length: 10_000 }, (_, i) => i + 1);
/** Names of body fields that hold ids (of an entity, or lists of them). */
const ID_FIELD =
  /(^|_)(id|ids)$|_in$|^(theme|themes|lom|loms|info_reason|rubric|rubrics|tag|tags|messages|group_id|lom_group)$/;
const BAD_PATH_IDS = ['abc', '-1', '0', '1.5', '2147483648', '9223372036854775808', 'true', '1e3'];
/** JSON nested 100,000 levels, an object in an object and an array in an array (once deep enough for a 500). */
const DEEP_BODIES: [string, string][] = [
  ['an object', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
  ['an array', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
];

interface Case {
  label: string;
  request: CallOptions;
  /** Invalid input: must answer 4xx and write nothing. Otherwise it may succeed, but never 5xx. */
  invalid: boolean;
  /** The field a 400 must name, when the case fixes it. */
  field?: string;
}

/** The tables a write may change; tables that reads fill (caches) are left out. */
const CACHE_TABLES = new Set(['theme_period_stats', 'theme_stat_versions']);
let fingerprintSql: string | null = null;

async function fingerprint(db: Db): Promise<string> {
  if (!fingerprintSql) {
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    fingerprintSql = tables
      .filter((table) => !CACHE_TABLES.has(table.name) && !table.name.startsWith('__'))
      .map(
        (table) =>
          `select '${table.name}' as name, count(*)::text as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${table.name}" x`,
      )
      .join(' union all ');
  }
  const rows = await queryRows<{ name: string; n: string; h: string }>(db, sql.raw(fingerprintSql));
  return rows.map((row) => `${row.name}:${row.n}:${row.h}`).join('\n');
}

function fillPath(url: string, value: string): string {
  return url.replace(/:(\w+)/g, () => value);
}

function casesOf(route: ApiRoute): Case[] {
  const schema = route.schema as
    | { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType }
    | undefined;
  const cases: Case[] = [];
  const url = fillPath(route.url, '1');
  const method = route.method;
  const base = sampleObject(schema?.querystring);
  const query = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)]));

  if (route.url.includes(':')) {
    for (const bad of BAD_PATH_IDS) {
      cases.push({
        label: `path id ${bad}`,
        request: { method, url: fillPath(route.url, bad), query, body: sampleObject(schema?.body) },
        invalid: true,
      });
    }
  }

  for (const [key, field] of Object.entries(fieldsOf(schema?.querystring))) {
    const kind = kindOf(field);
    const values: [string, string, boolean][] = [
      ['NUL', NUL, true],
      ['a huge number', '9223372036854775808', false],
      ['a negative number', '-1', false],
      ['a fraction', '1.5', false],
      ['a word', 'true', kind === 'number'],
    ];
    if (/_in$|^ids?$/.test(key)) values.push(['10,000 ids', TEN_THOUSAND_IDS.join(','), false]);
    for (const [label, value, invalid] of values) {
      cases.push({
        label: `query ${key}: ${label}`,
        request: { method, url, query: { ...query, [key]: value }, body: sampleObject(schema?.body) },
        invalid,
      });
    }
  }

  // Every write call, with a body schema or not: a JSON body is read before the route's schema is looked at.
  // Ingest reads NDJSON as text and reports a deep line by its number (ingest-hostile.test.ts).
  if (route.method !== 'GET' && route.url !== INGEST_PATHS.messages) {
    for (const [label, payload] of DEEP_BODIES) {
      cases.push({
        label: `a body nested 100,000 levels deep: ${label}`,
        request: { method, url, query, payload, headers: { 'content-type': 'application/json' } },
        invalid: true,
        field: 'body',
      });
    }
  }

  if (schema?.body && route.method !== 'GET') {
    const body = schema.body;
    const baseBody = sampleObject(body);
    const send = (label: string, payload: unknown, invalid: boolean) =>
      cases.push({
        label,
        request: { method, url, query, body: payload },
        invalid: invalid && !accepts(body, payload),
      });
    send('an empty object', {}, false);
    send('null', null, false);
    send('an array', [], true);
    send('a string', 'text', true);
    cases.push({
      label: 'malformed JSON',
      request: { method, url, query, payload: '{"name": ', headers: { 'content-type': 'application/json' } },
      invalid: true,
    });
    cases.push({
      label: 'an empty body',
      request: { method, url, query, payload: '', headers: { 'content-type': 'application/json' } },
      invalid: true,
    });
    for (const [key, field] of Object.entries(fieldsOf(body))) {
      const kind = kindOf(field);
      const isId = ID_FIELD.test(key);
      const put = (label: string, value: unknown, invalid: boolean) =>
        send(`body ${key}: ${label}`, { ...baseBody, [key]: value }, invalid);
      put('NUL', NUL, true);
      put('an unpaired surrogate', LONE_SURROGATE, true);
      put('NUL inside a list', [NUL], true);
      put('NUL inside an object', { name: NUL, text: NUL }, true);
      put('a megabyte of text', MEGABYTE_TEXT, false);
      put('null', null, false);
      if (kind === 'number' || isId) {
        put('true', true, true);
        put('a numeric string', '1', isId);
        put('2^63', HUGE, isId);
        put('2^31', 2 ** 31, isId);
        put('-1', -1, isId);
        put('0', 0, isId);
        put('1.5', 1.5, isId);
        put('1e308', 1e308, isId);
      }
      if (kind === 'array' || isId) {
        put('10,000 ids', TEN_THOUSAND_IDS, false);
        put('[true]', [true], isId);
        put('[2^63]', [HUGE], isId);
        put('[-1]', [-1], isId);
        put('["1"]', ['1'], isId);
      }
      if (kind === 'string') {
        put('a number', 12_345, false);
        put('an object', { a: 1 }, true);
      }
      if (kind === 'boolean') {
        put('a number', 2, false);
        put('a string', 'yes', true);
      }
    }
  }
  return cases;
}

/**
 * Every route the app registers, fed hostile input field by field (issue 13, part 5): NUL bytes and unpaired
 * surrogates in every field, numbers that are huge, negative or fractional, booleans and strings where numbers
 * are expected, 10,000-id arrays, wrong types, empty, null, malformed and 100,000-level-deep bodies, and bad path
 * ids. Nothing may answer 5xx; invalid input must not answer 2xx, and must leave the database as it was.
 *
 * The routes are walked in `shards` parts, one test file each (`hostile-input-*.test.ts`), so that the suite's
 * workers share the walk instead of one of them running it alone at the end.
 */
export async function walkHostileInput(shard: number, shards: number): Promise<void> {
  const t = await createKit({}, { demo: { messages: 300, loms: 40, themes: 12, seed: 13, now: new Date() } });
  /** A caller holding every permission, so each request reaches its validation. */
  let admin: UserCaller;

  beforeAll(async () => {
    admin = await t.caller({
      role: 1,
      uiPermissions: [...NAMED_PERMISSIONS],
      extraPermissions: [...ALL_PERMISSIONS],
    });
  });
  afterAll(() => t.close());

  const routes = t.app.apiRoutes
    .filter((route) => route.guard !== 'public' || route.method !== 'GET')
    .filter((_, index) => index % shards === shard);

  describe(`hostile input, part ${shard + 1} of ${shards}`, () => {
    it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
      '%s',
      async (_name, route) => {
        const failures: string[] = [];
        const cases = casesOf(route);
        const check = async (c: Case) => {
          // Logout revokes the token it is called with: input it accepts goes with a token of its own, made outside
          // the fingerprints of invalid input.
          const caller = route.url === AUTH_PATHS.logout && !c.invalid ? await t.caller({ role: 1 }) : admin;
          const res = await caller.inject(c.request);
          if (res.statusCode >= 500) failures.push(`${c.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (c.invalid && res.statusCode < 300)
            failures.push(`${c.label}: accepted with ${res.statusCode}`);
          else if (c.invalid && res.statusCode === 400 && !res.json().message)
            failures.push(`${c.label}: no message`);
          else if (c.field && (res.statusCode !== 400 || res.json().field !== c.field))
            failures.push(
              `${c.label}: ${res.statusCode} naming ${res.json().field}, not 400 naming ${c.field}`,
            );
        };
        // Invalid input first, between two fingerprints of every table; then what may succeed.
        const writes = route.method !== 'GET';
        const before = writes ? await fingerprint(t.database.db) : '';
        for (const c of cases.filter((x) => x.invalid)) await check(c);
        if (writes) {
          const after = await fingerprint(t.database.db);
          if (after !== before) failures.push(`invalid input wrote to the database: ${diff(before, after)}`);
        }
        for (const c of cases.filter((x) => !x.invalid)) await check(c);
        expect(failures).toEqual([]);
      },
      120_000,
    );
  });
}

function diff(before: string, after: string): string {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split(':')[0])
    .join(', ');
}
