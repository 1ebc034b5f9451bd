import type { LomSubscriptionItem, VkGroupItem } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions, vkGroups } from '../../db/schema/index.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildSubscription, buildVkGroup } from '../../test/factories-lom-relations.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

type Envelope<T> = { results: T[]; page: number; last_page: number; elements_count: number };

let t: Kit;
let viewer: UserCaller;
let editor: UserCaller;
let service: UserCaller;
let lomSelection: UserCaller;
let baseCard: UserCaller;
const ids: Record<string, number> = {};

const GROUPS = '/api/v1/loms/vk_groups/';
const CAN_LOAD = '/api/v2/loms/new-loms/can_load_subscriptions/';
const load = (id: number | string) => `/api/v2/loms/new-loms/${id}/load_subscriptions/`;
const SUBSCRIPTIONS = '/api/v2/subscriptions/';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  viewer = t.as('user');
  editor = t.as('editor');
  service = t.as('service');
  lomSelection = t.as('lomSelection');
  baseCard = await t.caller({ role: 2, uiPermissions: ['base_lom_card_for_pc'] });

  const vk = await buildSource(db, { name: 'ВКонтакте', icon: 'vk.svg', host: 'vk.com' });
  const lom = await buildLom(db, { name: 'Олег Группов' });
  const many = await buildLom(db, { name: 'Много групп' });
  const friend = await buildLom(db, { name: 'Друг' });
  const account = await buildLomSource(db, { lomId: lom.id, sourceId: vk.id });
  Object.assign(ids, { lom: lom.id, many: many.id, friend: friend.id, vk: vk.id, account: account.id });

  const low = await buildVkGroup(db, lom.id, { name: 'Малая', groupIndex: 50, members: 100 });
  const top = await buildVkGroup(db, lom.id, { name: 'Главная', groupIndex: 90, members: 10 });
  const big = await buildVkGroup(db, lom.id, {
    name: 'Большая',
    groupIndex: 50,
    members: 500,
    url: 'http://vk.com/public_existing/',
  });
  Object.assign(ids, { low: low.id, top: top.id, big: big.id });
  for (let i = 0; i < 31; i++) await buildVkGroup(db, many.id, { groupIndex: i });

  // One new VK page seen twice (scheme, m. and slash differ), a page already a group, pages off VK.
  const s = async (
    url: string,
    subscribers: number,
    extra: Parameters<typeof buildSubscription>[2] = { url },
  ) => buildSubscription(db, lom.id, { ...extra, url, subscribers });
  ids.clubSmall = (await s('https://vk.com/NewClub', 300)).id;
  ids.clubBig = (
    await s('https://m.vk.com/newclub/', 7000, { url: '', name: 'Клуб 1', lomSourceId: account.id })
  ).id;
  ids.existing = (await s('https://vk.com/public_existing', 900)).id;
  ids.telegram = (await s('https://t.me/channel', 50_000, { url: '', subscribedLomId: friend.id })).id;
  ids.lookalike = (await s('https://notvk.com/x', 10)).id;
  ids.trap = (await s('https://vk.com.evil.ru/x', 5)).id;
  await buildSubscription(db, friend.id, { url: 'https://vk.com/friends_page', subscribers: 1 });
});

afterAll(async () => {
  await t.close();
});

async function ok<T>(method: 'GET' | 'POST', url: string, user: Caller = viewer): Promise<T> {
  const response = await user.request(method, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET loms/vk_groups/', () => {
  it('lists the lom’s groups by index, then members, with the index of each', async () => {
    const body = await ok<Envelope<VkGroupItem>>('GET', `${GROUPS}?lom=${ids.lom}`);
    expect(body).toMatchObject({ page: 1, last_page: 1, elements_count: 3 });
    expect(body.results.map((g) => g.id)).toEqual([ids.top, ids.big, ids.low]);
    const [stored] = await t.database.db.select().from(vkGroups).where(eq(vkGroups.id, ids.top));
    expect(body.results[0]).toEqual({
      id: stored.id,
      name: stored.name,
      url: stored.url,
      members: stored.members,
      index: stored.groupIndex,
    });
  });

  it('shows 30 a page', async () => {
    const first = await ok<Envelope<VkGroupItem>>('GET', `${GROUPS}?lom=${ids.many}`);
    expect(first).toMatchObject({ last_page: 2, elements_count: 31 });
    expect(first.results).toHaveLength(30);
    expect(first.results[0].index).toBe(30);
    const second = await ok<Envelope<VkGroupItem>>('GET', `${GROUPS}?lom=${ids.many}&page=2`);
    expect(second.results.map((g) => g.index)).toEqual([0]);
    const past = await ok<Envelope<VkGroupItem>>('GET', `${GROUPS}?lom=${ids.many}&page=9`);
    expect(past).toMatchObject({ results: [], elements_count: 31 });
  });
});

describe('GET v2 subscriptions/', () => {
  it('lists the subscriptions of the loms asked, the largest first, marking VK pages', async () => {
    const body = await ok<Envelope<LomSubscriptionItem>>('GET', `${SUBSCRIPTIONS}?lom_in=${ids.lom}`);
    expect(body.elements_count).toBe(6);
    expect(body.results.map((s) => [s.id, s.is_vk])).toEqual([
      [ids.telegram, false],
      [ids.clubBig, true],
      [ids.existing, true],
      [ids.clubSmall, true],
      [ids.lookalike, false],
      [ids.trap, false],
    ]);
    expect(body.results[0]).toMatchObject({
      lom: { id: ids.lom, name: 'Олег Группов' },
      subscribers: 50_000,
      subscribed_lom: { id: ids.friend, name: 'Друг' },
      lom_source: null,
    });
    expect(body.results[1]).toMatchObject({
      name: 'Клуб 1',
      lom_source: { id: ids.account, source: { id: ids.vk, name: 'ВКонтакте', icon: 'vk.svg' } },
    });
    const both = await ok<Envelope<LomSubscriptionItem>>(
      'GET',
      `${SUBSCRIPTIONS}?lom_in=${ids.lom},${ids.friend}`,
    );
    expect(both.elements_count).toBe(7);
  });
});

describe('loading VK groups from the subscriptions', () => {
  it('can-load counts the new VK pages once each and loads them, logged, only once', async () => {
    const before = await ok('GET', `${CAN_LOAD}?lom=${ids.lom}`);
    expect(before).toEqual({ lom: ids.lom, can_load: true, available: 1 });

    const answer = await ok('POST', load(ids.lom), editor);
    expect(answer).toEqual({ lom: ids.lom, loaded: 1, groups_count: 4 });
    const groups = await t.database.db.select().from(vkGroups).where(eq(vkGroups.lomId, ids.lom));
    expect(groups).toHaveLength(4);
    const added = groups.find((g) => g.name === 'Клуб 1');
    expect(added).toMatchObject({ url: 'https://m.vk.com/newclub/', members: 7000, groupIndex: 0 });
    const log = await t.database.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.lomId, ids.lom), eq(userActions.action, 'lom.vk_groups_load')));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      userId: editor.user.id,
      type: 6,
      oldValue: { groups_count: 3 },
      newValue: {
        groups_count: 4,
        loaded: [{ id: added?.id, name: 'Клуб 1', url: 'https://m.vk.com/newclub/' }],
      },
    });

    expect(await ok('GET', `${CAN_LOAD}?lom=${ids.lom}`)).toEqual({
      lom: ids.lom,
      can_load: false,
      available: 0,
    });
    expect(await ok('POST', load(ids.lom), editor)).toEqual({ lom: ids.lom, loaded: 0, groups_count: 4 });
    const after = await t.database.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.lomId, ids.lom), eq(userActions.action, 'lom.vk_groups_load')));
    expect(after).toHaveLength(1);
  });

  it('loads by GET too, as api.md names it, with the same guard, and a repeat changes nothing', async () => {
    const db = t.database.db;
    const lom = await buildLom(db, { name: 'Загрузка по GET' });
    await buildSubscription(db, lom.id, { url: 'https://vk.com/get_club', subscribers: 40 });
    expect((await t.anonymous.get(load(lom.id))).statusCode).toBe(401);
    for (const user of [viewer, lomSelection, service, baseCard]) {
      expect((await user.get(load(lom.id))).statusCode).toBe(403);
    }
    expect(await ok('GET', load(lom.id), editor)).toEqual({ lom: lom.id, loaded: 1, groups_count: 1 });
    expect(await ok('GET', load(lom.id), editor)).toEqual({ lom: lom.id, loaded: 0, groups_count: 1 });
    const log = await db
      .select()
      .from(userActions)
      .where(and(eq(userActions.lomId, lom.id), eq(userActions.action, 'lom.vk_groups_load')));
    expect(log).toHaveLength(1);
    const answer = await editor.get(load(lom.id));
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await editor.request('HEAD', load(lom.id))).statusCode).toBe(404);
  });

  it('a lom without VK subscriptions has nothing to load', async () => {
    expect(await ok('GET', `${CAN_LOAD}?lom=${ids.many}`)).toEqual({
      lom: ids.many,
      can_load: false,
      available: 0,
    });
  });
});

describe('group calls refuse', () => {
  it('bad input with 400 naming the field', async () => {
    const cases: [string, string, string][] = [
      ['GET', `${GROUPS}`, 'lom'],
      ['GET', `${GROUPS}?lom=abc`, 'lom'],
      ['GET', `${GROUPS}?lom=${ids.lom}&page=0`, 'page'],
      ['GET', `${GROUPS}?lom=${ids.lom}&page_size=501`, 'page_size'],
      ['GET', `${CAN_LOAD}?lom=-1`, 'lom'],
      ['GET', `${SUBSCRIPTIONS}?lom_in=1,abc`, 'lom_in'],
      ['POST', load('abc'), 'id'],
    ];
    for (const [method, url, field] of cases) {
      const response = await editor.request(method, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ statusCode: 400, field });
    }
  });

  it('an unknown lom with 404', async () => {
    for (const [method, url] of [
      ['GET', `${GROUPS}?lom=999999`],
      ['GET', `${CAN_LOAD}?lom=999999`],
      ['POST', load(999999)],
    ] as const) {
      const response = await editor.request(method, url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('no token with 401; no LOMS, no EDIT_LOM for the load, or a base card with 403', async () => {
    const reads = [
      `${GROUPS}?lom=${ids.lom}`,
      `${CAN_LOAD}?lom=${ids.lom}`,
      `${SUBSCRIPTIONS}?lom_in=${ids.lom}`,
    ];
    for (const url of reads) {
      expect((await t.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await service.get(url)).statusCode, url).toBe(403);
      expect((await baseCard.get(url)).statusCode, url).toBe(403);
      expect((await lomSelection.get(url)).statusCode, url).toBe(200);
    }
    expect((await t.anonymous.post(load(ids.lom))).statusCode).toBe(401);
    for (const user of [viewer, lomSelection, service, baseCard]) {
      expect((await user.post(load(ids.lom))).statusCode).toBe(403);
    }
  });
});
