import {
  apiPath,
  MESSAGE_PATHS,
  SOCIAL_PANEL_GRAPHS,
  SOCIAL_PANEL_PATHS,
  type SocialPanelListResponse,
  type SocialPanelShareResponse,
  type SocialPanelTopResponse,
} from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialGroups, socialPanelists, socialPanelLoms, socialPanels } from '../../db/schema/index.ts';
import { buildRegion } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { monthEnds, panelSizes } from './service.ts';

let kit: Kit;
const ids: Record<string, number> = {};
const UNKNOWN = 987_654;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  const kazan = await buildRegion(db, { name: 'Республика Татарстан' });
  const moscow = await buildRegion(db, { name: 'Москва' });
  const [a, b, c] = [
    await buildLom(db, { name: 'ЛОМ А' }),
    await buildLom(db, { name: 'ЛОМ Б' }),
    await buildLom(db),
  ];
  const [panel, other] = await db
    .insert(socialPanels)
    .values([{ name: 'Студенты' }, { name: 'Учителя' }])
    .returning();
  const [group] = await db
    .insert(socialGroups)
    .values({ name: 'Афиша | Казань', url: 'https://vk.com/club1' })
    .returning();
  const person = (over: Partial<typeof socialPanelists.$inferInsert>) => ({
    panelId: panel.id,
    gender: 1,
    age: 20,
    married: false,
    education: 1,
    regionId: kazan.id,
    joinedOn: '2025-01-10',
    lomIds: [a.id],
    groupIds: [group.id],
    ...over,
  });
  const [first] = await db
    .insert(socialPanelists)
    .values([
      person({ age: 17, lomIds: [a.id, b.id] }),
      person({ age: 18, gender: 2, married: true }),
      person({ age: 39, education: 2, regionId: moscow.id, groupIds: [] }),
      person({ age: 61, joinedOn: '2025-06-01', regionId: null }),
      person({ panelId: other.id, lomIds: [c.id] }),
    ])
    .returning();
  await db.insert(socialPanelLoms).values([
    { panelId: panel.id, lomId: a.id, share: 100 },
    { panelId: panel.id, lomId: b.id, share: 25, isCandidate: true },
  ]);
  await buildMessage(db, { lomId: a.id, text: 'сообщение А' });
  await buildMessage(db, { lomId: b.id, text: 'сообщение Б' });
  await buildMessage(db, { lomId: c.id, text: 'сообщение В' });
  Object.assign(ids, { panel: panel.id, other: other.id, first: first.id, a: a.id, b: b.id });
});

afterAll(async () => {
  await kit.close();
});

const graph = (name: (typeof SOCIAL_PANEL_GRAPHS)[number], id = ids.panel) =>
  apiPath(SOCIAL_PANEL_PATHS.graphs[name], { id });

describe('social-panel/', () => {
  it('lists the panels by 12 with their sizes', async () => {
    const response = await kit.as('user').get(SOCIAL_PANEL_PATHS.list);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as SocialPanelListResponse;
    expect(body.results.map((p) => [p.name, p.panelists_count, p.loms_count])).toEqual([
      ['Студенты', 4, 1],
      ['Учителя', 1, 0],
    ]);
    expect(body.elements_count).toBe(2);
  });

  it('answers a panel and 404 for an unknown one', async () => {
    const user = kit.as('user');
    expect((await user.get(apiPath(SOCIAL_PANEL_PATHS.detail, { id: ids.panel }))).json()).toMatchObject({
      name: 'Студенты',
      panelists_count: 4,
    });
    expect((await user.get(apiPath(SOCIAL_PANEL_PATHS.detail, { id: UNKNOWN }))).statusCode).toBe(404);
  });
});

describe('graphs', () => {
  it('counts ages into both bucket sets, shares summing to 100', async () => {
    const body = (await kit.as('user').get(graph('age'))).json() as SocialPanelShareResponse;
    expect(body.total).toBe(4);
    expect(body.results.map((r) => [r.key, r.count, r.value])).toEqual([
      ['a0_17', 1, 25],
      ['a18_24', 1, 25],
      ['a25_34', 0, 0],
      ['a35_44', 1, 25],
      ['a45_54', 0, 0],
      ['amore_55', 1, 25],
    ]);
    expect(body.coarse?.map((r) => [r.key, r.count])).toEqual([
      ['under_18', 1],
      ['18_to_24', 1],
      ['25_to_39', 1],
      ['40_to_59', 0],
      ['above_60', 1],
    ]);
  });

  it('shows the panel as it stood at the end of the period', async () => {
    const body = (await kit.as('user').get(graph('gender'), { period_before: '2025-03-01' })).json();
    expect(body.total).toBe(3);
    expect(body.results.map((r: { key: string; count: number }) => [r.key, r.count])).toEqual([
      ['female__sum', 2],
      ['male__sum', 1],
    ]);
  });

  it('counts education, family status and geo', async () => {
    const user = kit.as('user');
    const education = (await user.get(graph('education'))).json() as SocialPanelShareResponse;
    expect(education.results.map((r) => r.count)).toEqual([3, 1]);
    const family = (await user.get(graph('family_status'))).json() as SocialPanelShareResponse;
    expect(family.results.map((r) => [r.key, r.count])).toEqual([
      ['married', 1],
      ['single', 3],
    ]);
    const geo = (await user.get(graph('geo'))).json() as SocialPanelShareResponse;
    expect(geo.results.map((r) => [r.label, r.value])).toEqual([
      ['Республика Татарстан', 50],
      ['Москва', 25],
      ['Регион не указан', 25],
    ]);
  });

  it('ranks the loms and groups the panelists follow', async () => {
    const user = kit.as('user');
    const loms = (await user.get(graph('top_loms'))).json() as SocialPanelTopResponse;
    expect(loms.results.map((r) => [r.name, r.count, r.value])).toEqual([
      ['ЛОМ А', 4, 100],
      ['ЛОМ Б', 1, 25],
    ]);
    const groups = (await user.get(graph('top_groups'))).json() as SocialPanelTopResponse;
    expect(groups.results.map((r) => [r.name, r.count, r.url])).toEqual([
      ['Афиша | Казань', 3, 'https://vk.com/club1'],
    ]);
  });

  it('counts the panel size at each month end', async () => {
    const body = (await kit.as('user').get(graph('subscribers'), { period_before: '2025-07-15' })).json();
    expect(body.results).toHaveLength(12);
    expect(body.results.at(-1)).toEqual({ date: '2025-07-15', value: 4 });
    expect(body.results.find((p: { date: string }) => p.date === '2025-05-31').value).toBe(3);
    expect(body.results[0]).toEqual({ date: '2024-08-31', value: 0 });
  });

  it('month ends run back from the period end', () => {
    expect(monthEnds('2025-03-10', 3)).toEqual(['2025-01-31', '2025-02-28', '2025-03-10']);
  });

  it('sums the joins up to each end', () => {
    const joins = [
      { day: '2025-01-05', count: 2 },
      { day: '2025-02-28', count: 1 },
      { day: '2025-03-01', count: 4 },
    ];
    expect(panelSizes(joins, ['2025-01-31', '2025-02-28', '2025-03-10']).map((p) => p.value)).toEqual([
      2, 3, 7,
    ]);
  });
});

describe('panelists, loms and candidates', () => {
  it('pages the panelists with the plural of their age', async () => {
    const body = (await kit.as('user').get(apiPath(SOCIAL_PANEL_PATHS.panelists, { id: ids.panel }))).json();
    expect(body.elements_count).toBe(4);
    expect(body.results[0]).toMatchObject({ age_label: '17 лет', gender: 'Женщины', loms_count: 2 });
  });

  it('answers the confirmed loms and the candidates apart', async () => {
    const user = kit.as('user');
    const loms = (await user.get(SOCIAL_PANEL_PATHS.loms, { soc_panel: ids.panel })).json();
    expect(loms.results.map((l: { name: string }) => l.name)).toEqual(['ЛОМ А']);
    const candidates = (await user.get(apiPath(SOCIAL_PANEL_PATHS.lomCandidates, { id: ids.panel }))).json();
    expect(candidates.results.map((l: { name: string }) => l.name)).toEqual(['ЛОМ Б']);
  });
});

describe('messages filtered by soc_panel and panelist', () => {
  it('keeps the messages of the panel’s confirmed loms, or of one panelist’s loms', async () => {
    const admin = kit.as('admin');
    const texts = async (query: Record<string, string>) =>
      ((await admin.get(MESSAGE_PATHS.list, query)).json().results as { text: string }[])
        .map((m) => m.text)
        .sort();
    expect(await texts({ soc_panel: String(ids.panel) })).toEqual(['сообщение А']);
    expect(await texts({ panelist: String(ids.first) })).toEqual(['сообщение А', 'сообщение Б']);
    const bad = await admin.get(MESSAGE_PATHS.list, { soc_panel: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('soc_panel');
  });
});

describe('guards and bad input', () => {
  const paths = () => [
    SOCIAL_PANEL_PATHS.list,
    apiPath(SOCIAL_PANEL_PATHS.detail, { id: ids.panel }),
    apiPath(SOCIAL_PANEL_PATHS.panelists, { id: ids.panel }),
    apiPath(SOCIAL_PANEL_PATHS.lomCandidates, { id: ids.panel }),
    `${SOCIAL_PANEL_PATHS.loms}?soc_panel=${ids.panel}`,
    ...SOCIAL_PANEL_GRAPHS.map((g) => graph(g)),
  ];

  it('answers 401 without a token and 403 to a role without SOCIAL_PANEL', async () => {
    for (const path of paths()) {
      expect((await kit.anonymous.get(path)).statusCode, path).toBe(401);
      expect((await kit.as('lomSelection').get(path)).statusCode, path).toBe(403);
    }
  });

  it('answers 404 for an unknown panel on every graph and an unknown graph name', async () => {
    const user = kit.as('user');
    for (const g of SOCIAL_PANEL_GRAPHS) expect((await user.get(graph(g, UNKNOWN))).statusCode, g).toBe(404);
    expect(
      (await user.get(`${apiPath(SOCIAL_PANEL_PATHS.detail, { id: ids.panel })}weather/`)).statusCode,
    ).toBe(404);
    expect((await user.get(SOCIAL_PANEL_PATHS.loms, { soc_panel: String(UNKNOWN) })).statusCode).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    const user = kit.as('user');
    const reversed = await user.get(graph('age'), {
      period_after: '2025-03-02',
      period_before: '2025-03-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('period_after');
    const badDay = await user.get(graph('geo'), { period_before: '2025-02-30' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.body).toContain('period_before');
    const badGroup = await user.get(SOCIAL_PANEL_PATHS.list, { group: 'x' });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.body).toContain('group');
    expect((await user.get(SOCIAL_PANEL_PATHS.loms)).body).toContain('soc_panel');
    expect((await user.get(apiPath(SOCIAL_PANEL_PATHS.detail, { id: 'abc' }))).statusCode).toBe(400);
  });
});
