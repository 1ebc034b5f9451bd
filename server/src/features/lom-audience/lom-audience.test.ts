import {
  apiPath,
  coarseAgeShares,
  LOM_AUDIENCE_PATHS,
  type LomAudienceResponse,
  type LomBrandsResponse,
  type LomGraphResponse,
  type LomInterestsResponse,
  type LomPeriodInterestsResponse,
  type LomQualityAudienceResponse,
} from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  interests,
  lomAudiences,
  lomBrands,
  lomInterests,
  lomQualityAudiences,
  lomSources,
  lomSubscriberHistory,
} from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, type MessageOverrides } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
let viewer: Caller;
let lomSelection: Caller;
let service: Caller;
let basePc: Caller;
let extendedPc: Caller;
const ids: Record<string, number> = {};
const UNKNOWN = 987_654;

const shares = {
  femaleSum: 60,
  maleSum: 40,
  a0_17: 5,
  a18_24: 18,
  a25_34: 28,
  a35_44: 22.01,
  a45_54: 14.99,
  amore_55: 12,
  married: 55.5,
  single: 44.5,
  middle: 45,
  higher: 55,
  correlatedSum: 50,
  antiCorrelatedSum: 15,
  nonCorrelatedSum: 35,
};

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  lomSelection = await kit.caller({ role: 102 });
  service = await kit.caller({ role: 101 });
  basePc = await kit.caller({ role: 3, uiPermissions: ['base_lom_card_for_pc'] });
  extendedPc = await kit.caller({ role: 3, uiPermissions: ['extended_lom_card_for_pc'] });

  const telegram = await buildSource(db, { name: 'Telegram', icon: 'telegram.svg' });
  const vk = await buildSource(db, { name: 'ВКонтакте', icon: 'vk.svg' });
  const ok = await buildSource(db, { name: 'Одноклассники', icon: 'ok.svg' });
  const lom = await buildLom(db, { name: 'Анна Орлова' });
  const empty = await buildLom(db, { name: 'Пустой ЛОМ' });
  const other = await buildLom(db, { name: 'Чужой ЛОМ' });
  const [tgAccount, vkAccount] = await db
    .insert(lomSources)
    .values([
      { lomId: lom.id, sourceId: telegram.id, url: 'https://t.me/orlova', coverage: 1000 },
      { lomId: lom.id, sourceId: vk.id, url: 'https://vk.com/orlova', coverage: 3000 },
      { lomId: lom.id, sourceId: vk.id, url: 'https://vk.com/orlova_old', coverage: 500, isActive: false },
    ])
    .returning();
  Object.assign(ids, { lom: lom.id, empty: empty.id, other: other.id, telegram: telegram.id, vk: vk.id });
  Object.assign(ids, { tgAccount: tgAccount.id, vkAccount: vkAccount.id, ok: ok.id });

  await db.insert(lomAudiences).values([
    { lomId: lom.id, ...shares, updatedAt: new Date('2025-05-01T10:00:00Z') },
    { lomId: lom.id, lomSourceId: tgAccount.id, ...shares, femaleSum: 30, maleSum: 70 },
    { lomId: lom.id, lomSourceId: vkAccount.id, ...shares, femaleSum: 45.5, maleSum: 54.5 },
    { lomId: other.id, ...shares, femaleSum: 1, maleSum: 99 },
  ]);

  const [sport, music, cooking] = await db
    .insert(interests)
    .values([{ name: 'Спорт' }, { name: 'Музыка' }, { name: 'Кулинария' }])
    .returning();
  await db.insert(lomInterests).values([
    { lomId: lom.id, interestId: sport.id, share: 12.5 },
    { lomId: lom.id, interestId: music.id, share: 40, isAi: true },
    { lomId: other.id, interestId: cooking.id, share: 90 },
  ]);

  await db.insert(lomQualityAudiences).values([
    { lomId: lom.id, sourceId: telegram.id, qualityPart: 60, massPart: 20, lomPart: 5, botPart: 15 },
    { lomId: lom.id, sourceId: vk.id, qualityPart: 40, massPart: 30, lomPart: 10, botPart: 20 },
    { lomId: lom.id, sourceId: ok.id, qualityPart: 10, massPart: 10, lomPart: 10, botPart: 70 },
  ]);

  // Twelve brands: mentions 1..12 (the last two tie on mentions, SI breaks it).
  const brands = [];
  for (let i = 1; i <= 12; i++)
    brands.push(await buildLom(db, { name: `Бренд ${String(i).padStart(2, '0')}` }));
  await db.insert(lomBrands).values(
    brands.map((brand, i) => ({
      lomId: lom.id,
      brandLomId: brand.id,
      mentions: i === 11 ? 11 : i + 1,
      siSum: (i + 1) * 10,
    })),
  );
  await db.insert(lomBrands).values({ lomId: other.id, brandLomId: brands[0].id, mentions: 1000, siSum: 1 });
  ids.topBrand = brands[11].id;

  // Weekly subscribers (Mondays) plus a mid-week point in June.
  await db.insert(lomSubscriberHistory).values([
    { lomId: lom.id, day: '2025-05-26', subscribers: 900 },
    { lomId: lom.id, day: '2025-06-02', subscribers: 1000 },
    { lomId: lom.id, day: '2025-06-05', subscribers: 1050 },
    { lomId: lom.id, day: '2025-06-09', subscribers: 1100 },
    { lomId: lom.id, day: '2025-07-07', subscribers: 1500 },
    { lomId: other.id, day: '2025-06-02', subscribers: 7 },
  ]);

  const politics = await buildTheme(db, { name: 'Политика' });
  const ecology = await buildTheme(db, { name: 'Экология' });
  Object.assign(ids, { politics: politics.id, ecology: ecology.id });
  const msg = (day: string, values: MessageOverrides = {}) =>
    buildMessage(db, { lomId: lom.id, day, ...values });
  await msg('2025-06-02', { si: 10, numberViews: 100, themeId: politics.id });
  await msg('2025-06-02', { si: 5, numberViews: 50, themeId: politics.id });
  await msg('2025-06-04', { si: 7, numberViews: 70, themeId: ecology.id });
  await msg('2025-06-04', { si: 1000, numberViews: 100_000, themeId: ecology.id, trash: true });
  await msg('2025-06-09', { si: 3, numberViews: 30 });
  await msg('2025-06-10', { si: 2, numberViews: 20, themeId: politics.id, archived: true });
  await msg('2025-07-01', { si: 4, numberViews: 40, themeId: ecology.id });
  await msg('2025-05-31', { si: 100, numberViews: 1000, themeId: politics.id });
  // 23:30 Moscow on June 30 is June 30, though it is 20:30 UTC.
  await msg('2025-06-30', { si: 1, numberViews: 1, wroteAt: new Date('2025-06-30T20:30:00Z') });
  await buildMessage(db, { lomId: other.id, day: '2025-06-02', si: 999, numberViews: 999 });
  await rebuildAggregates(db);
});

afterAll(async () => {
  await kit.close();
});

async function ok<T>(url: string, user: Caller = viewer): Promise<T> {
  const response = await user.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** What the messages table says, per Moscow day, for live messages of the lom. */
async function dailyFromMessages(lomId: number, from: string, to: string) {
  const rows = await queryRows<{ day: string; si: number; views: number; n: number }>(
    kit.db,
    sql`select to_char((wrote_at at time zone 'Europe/Moscow')::date, 'YYYY-MM-DD') as day,
               sum(si)::float8 as si, sum(number_views)::float8 as views, count(*)::int as n
          from messages
         where lom_id = ${lomId} and not trash and not archived and not delayed
           and (wrote_at at time zone 'Europe/Moscow')::date between ${from}::date and ${to}::date
         group by 1 order by 1`,
  );
  return new Map(rows.map((row) => [row.day, row]));
}

const paths = (id: number) => [
  apiPath(LOM_AUDIENCE_PATHS.audience, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.interestAll, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.interestByPeriod, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.qualityAudience, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.brands, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.subscribersGraph, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.siGraph, { id: id }),
  apiPath(LOM_AUDIENCE_PATHS.viewsGraph, { id: id }),
];

describe('every call', () => {
  it('answers 401 without a token', async () => {
    for (const path of paths(ids.lom)) {
      const response = await kit.anonymous.get(path);
      expect(response.statusCode, path).toBe(401);
    }
  });

  it('answers 403 to a role without LOMS', async () => {
    for (const path of paths(ids.lom)) {
      const response = await service.get(path);
      expect(response.statusCode, path).toBe(403);
    }
  });

  it('answers 404 for an unknown lom and 400 naming the id for a bad one', async () => {
    for (const path of paths(UNKNOWN)) {
      const response = await viewer.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe('ЛОМ не найден');
    }
    const response = await viewer.get(apiPath(LOM_AUDIENCE_PATHS.brands, { id: 0 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('id');
  });

  it('is open to the lom-selection role, which holds LOMS only', async () => {
    for (const path of paths(ids.lom)) {
      const response = await lomSelection.get(path);
      expect(response.statusCode, path).toBe(200);
    }
  });

  it('follows the card rule: the base producer-center card has audience and dynamics only', async () => {
    const allowed = new Set([
      apiPath(LOM_AUDIENCE_PATHS.audience, { id: ids.lom }),
      apiPath(LOM_AUDIENCE_PATHS.interestAll, { id: ids.lom }),
      apiPath(LOM_AUDIENCE_PATHS.interestByPeriod, { id: ids.lom }),
      apiPath(LOM_AUDIENCE_PATHS.subscribersGraph, { id: ids.lom }),
      apiPath(LOM_AUDIENCE_PATHS.siGraph, { id: ids.lom }),
      apiPath(LOM_AUDIENCE_PATHS.viewsGraph, { id: ids.lom }),
    ]);
    for (const path of paths(ids.lom)) {
      const base = await basePc.get(path);
      expect(base.statusCode, path).toBe(allowed.has(path) ? 200 : 403);
      if (!allowed.has(path)) expect(base.json().message).toMatch(/Вкладка «.+» карточки ЛОМ недоступна/);
      const extended = await extendedPc.get(path);
      expect(extended.statusCode, path).toBe(200);
    }
  });

  it('is described in the OpenAPI page', async () => {
    const response = await kit.anonymous.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const documented = response.json().paths;
    expect(Object.keys(documented)).toEqual(
      expect.arrayContaining([
        '/api/v1/loms/{id}/audience_lom_new/',
        '/api/v1/loms/{id}/interest_by_period/',
        '/api/v1/loms/lom-dynamic-graph/{id}/si-graph/',
      ]),
    );
    const graphQuery = documented['/api/v1/loms/lom-dynamic-graph/{id}/views-graph/'].get.parameters;
    expect(graphQuery.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['period_after', 'period_before', 'filter', 'id']),
    );
  });

  it('does not shadow the card summary GET loms/{id}/', async () => {
    const response = await viewer.get(`/api/v1/loms/${ids.lom}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Анна Орлова');
  });
});

describe('GET loms/{id}/audience_lom_new/', () => {
  it('answers the stored groups of the lom and of each account, with the derived age set', async () => {
    const body = await ok<LomAudienceResponse>(apiPath(LOM_AUDIENCE_PATHS.audience, { id: ids.lom }));
    const [stored] = await queryRows<Record<string, number>>(
      kit.db,
      sql`select a0_17::float8, a18_24::float8, a25_34::float8, a35_44::float8, a45_54::float8, amore_55::float8
            from lom_audiences where lom_id = ${ids.lom} and lom_source_id is null`,
    );
    expect(body.updated_at).toBe('2025-05-01T10:00:00.000Z');
    expect(body.audience).toEqual({
      female__sum: 60,
      male__sum: 40,
      a0_17: 5,
      a18_24: 18,
      a25_34: 28,
      a35_44: 22.01,
      a45_54: 14.99,
      amore_55: 12,
      ...coarseAgeShares(stored as never),
      married: 55.5,
      single: 44.5,
      middle: 45,
      higher: 55,
      correlated_sum: 50,
      anti_correlated_sum: 15,
      non_correlated_sum: 35,
    });
    // 28 + 22.01 / 2 = 39.005; 11.005 + 14.99 + 12 / 9 = 27.3283; 12 * 8 / 9 = 10.6667: the two
    // hundredths left after flooring go to the largest remainders (.83 and .67), not to .5.
    expect(body.audience).toMatchObject({
      under_18: 5,
      '18_to_24': 18,
      '25_to_39': 39,
      '40_to_59': 27.33,
      above_60: 10.67,
    });
    expect(
      body.sources.map((s) => [s.lom_source.url, s.audience.female__sum, s.lom_source.source.name]),
    ).toEqual([
      ['https://vk.com/orlova', 45.5, 'ВКонтакте'],
      ['https://t.me/orlova', 30, 'Telegram'],
    ]);
    expect(body.sources[0].lom_source).toMatchObject({ id: ids.vkAccount, is_active: true });
  });

  it('answers null for a lom without audience figures', async () => {
    const body = await ok<LomAudienceResponse>(apiPath(LOM_AUDIENCE_PATHS.audience, { id: ids.empty }));
    expect(body).toEqual({ audience: null, updated_at: null, sources: [] });
  });
});

describe('GET loms/{id}/interest_all/', () => {
  it('lists the audience interests of the lom, largest share first', async () => {
    const body = await ok<LomInterestsResponse>(apiPath(LOM_AUDIENCE_PATHS.interestAll, { id: ids.lom }));
    expect(body.results.map(({ name, isAi, share }) => ({ name, isAi, share }))).toEqual([
      { name: 'Музыка', isAi: true, share: 40 },
      { name: 'Спорт', isAi: false, share: 12.5 },
    ]);
  });
});

describe('GET loms/{id}/interest_by_period/', () => {
  const url = (query: string) => `${apiPath(LOM_AUDIENCE_PATHS.interestByPeriod, { id: ids.lom })}?${query}`;

  it('counts the live publications of the period by theme, as the messages table has them', async () => {
    const body = await ok<LomPeriodInterestsResponse>(
      url('period_after=2025-06-01&period_before=2025-06-30'),
    );
    const [stored] = await queryRows<{ n: number; untagged: number }>(
      kit.db,
      sql`select count(*)::int as n, (count(*) filter (where theme_id is null))::int as untagged from messages
           where lom_id = ${ids.lom} and not trash and not archived and not delayed
             and wrote_at >= '2025-06-01T00:00:00+03:00' and wrote_at < '2025-07-01T00:00:00+03:00'`,
    );
    expect(body.message_count).toBe(stored.n);
    expect(body.without_theme).toBe(stored.untagged);
    expect(body).toEqual({
      results: [
        { theme: { id: ids.politics, name: 'Политика' }, message_count: 2, total_si: 15, share: 40 },
        { theme: { id: ids.ecology, name: 'Экология' }, message_count: 1, total_si: 7, share: 20 },
      ],
      message_count: 5,
      without_theme: 2,
    });
  });

  it('takes every day without a period', async () => {
    const body = await ok<LomPeriodInterestsResponse>(
      apiPath(LOM_AUDIENCE_PATHS.interestByPeriod, { id: ids.lom }),
    );
    expect(body.message_count).toBe(7);
    expect(body.results[0]).toMatchObject({ theme: { name: 'Политика' }, message_count: 3, total_si: 115 });
  });

  it('answers 400 naming the field of a bad period', async () => {
    for (const [query, field] of [
      ['period_after=2025-13-01', 'period_after'],
      ['period_before=вчера', 'period_before'],
      ['period_after=2025-06-02&period_before=2025-06-01', 'period_before'],
    ]) {
      const response = await viewer.get(url(query));
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field });
      expect(response.json().message).toContain(`«${field}»`);
    }
  });
});

describe('GET loms/{id}/quality_audience/', () => {
  it('answers each platform and the whole weighted by the active accounts’ subscribers', async () => {
    const body = await ok<LomQualityAudienceResponse>(
      apiPath(LOM_AUDIENCE_PATHS.qualityAudience, { id: ids.lom }),
    );
    expect(body.results).toEqual([
      {
        source: { id: ids.vk, name: 'ВКонтакте', icon: 'vk.svg' },
        subscribers: 3000,
        quality_part: 40,
        mass_part: 30,
        lom_part: 10,
        bot_part: 20,
      },
      {
        source: { id: ids.telegram, name: 'Telegram', icon: 'telegram.svg' },
        subscribers: 1000,
        quality_part: 60,
        mass_part: 20,
        lom_part: 5,
        bot_part: 15,
      },
      {
        source: { id: ids.ok, name: 'Одноклассники', icon: 'ok.svg' },
        subscribers: 0,
        quality_part: 10,
        mass_part: 10,
        lom_part: 10,
        bot_part: 70,
      },
    ]);
    // (40·3000 + 60·1000) / 4000 = 45; 27.5; 8.75; 18.75.
    expect(body.total).toEqual({ quality_part: 45, mass_part: 27.5, lom_part: 8.75, bot_part: 18.75 });
  });

  it('answers no platforms and no total for a lom without figures', async () => {
    const body = await ok<LomQualityAudienceResponse>(
      apiPath(LOM_AUDIENCE_PATHS.qualityAudience, { id: ids.empty }),
    );
    expect(body).toEqual({ results: [], total: null });
  });
});

describe('GET loms/{id}/brands/', () => {
  it('answers the ten brands mentioned most, ties by SI, with the count of all', async () => {
    const body = await ok<LomBrandsResponse>(apiPath(LOM_AUDIENCE_PATHS.brands, { id: ids.lom }));
    const stored = await queryRows<{ name: string; mentions: number }>(
      kit.db,
      sql`select l.name, b.mentions from lom_brands b join loms l on l.id = b.brand_lom_id
           where b.lom_id = ${ids.lom} order by b.mentions desc, b.si_sum desc limit 10`,
    );
    expect(body.elements_count).toBe(12);
    expect(body.results).toHaveLength(10);
    expect(body.results.map((r) => [r.brand.name, r.mentions])).toEqual(
      stored.map((r) => [r.name, r.mentions]),
    );
    expect(body.results.slice(0, 3).map((r) => r.brand.name)).toEqual(['Бренд 12', 'Бренд 11', 'Бренд 10']);
    expect(body.results[0]).toEqual({
      brand: { id: ids.topBrand, name: 'Бренд 12', avatar: null },
      mentions: 11,
      si_sum: 120,
    });
  });

  it('answers an empty list for a lom that mentions no brand', async () => {
    expect(await ok<LomBrandsResponse>(apiPath(LOM_AUDIENCE_PATHS.brands, { id: ids.empty }))).toEqual({
      results: [],
      elements_count: 0,
    });
  });
});

describe('GET lom-dynamic-graph/{id}/si-graph/ and views-graph/', () => {
  const JUNE = 'period_after=2025-06-01&period_before=2025-06-30';

  it('sums each Moscow day of the period from live messages, zero on silent days', async () => {
    const si = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.siGraph, { id: ids.lom })}?${JUNE}&filter=day`,
    );
    const views = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.viewsGraph, { id: ids.lom })}?${JUNE}`,
    );
    const stored = await dailyFromMessages(ids.lom, '2025-06-01', '2025-06-30');
    expect(si.graph).toHaveLength(30);
    expect(si.graph[0]).toEqual({ date: '2025-06-01', value: 0 });
    for (const point of si.graph) expect(point.value, point.date).toBe(stored.get(point.date)?.si ?? 0);
    for (const point of views.graph) expect(point.value, point.date).toBe(stored.get(point.date)?.views ?? 0);
    expect(si.graph.find((p) => p.date === '2025-06-02')?.value).toBe(15);
    expect(si.graph.find((p) => p.date === '2025-06-04')?.value).toBe(7);
    expect(si.graph.at(-1)).toEqual({ date: '2025-06-30', value: 1 });
  });

  it('groups by ISO week (Monday) and by month', async () => {
    const weeks = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.siGraph, { id: ids.lom })}?${JUNE}&filter=week`,
    );
    expect(weeks.graph).toEqual([
      { date: '2025-05-26', value: 0 },
      { date: '2025-06-02', value: 22 },
      { date: '2025-06-09', value: 3 },
      { date: '2025-06-16', value: 0 },
      { date: '2025-06-23', value: 0 },
      { date: '2025-06-30', value: 1 },
    ]);
    const months = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.viewsGraph, { id: ids.lom })}?period_after=2025-05-01&period_before=2025-07-31&filter=month`,
    );
    expect(months.graph).toEqual([
      { date: '2025-05-01', value: 1000 },
      { date: '2025-06-01', value: 251 },
      { date: '2025-07-01', value: 40 },
    ]);
  });

  it('starts at the first publication without a period', async () => {
    const body = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.siGraph, { id: ids.lom })}?filter=month`,
    );
    expect(body.graph.slice(0, 3)).toEqual([
      { date: '2025-05-01', value: 100 },
      { date: '2025-06-01', value: 26 },
      { date: '2025-07-01', value: 4 },
    ]);
    const empty = await ok<LomGraphResponse>(apiPath(LOM_AUDIENCE_PATHS.siGraph, { id: ids.empty }));
    expect(empty.graph).toEqual([]);
  });

  it('answers 400 naming the field of a bad query', async () => {
    for (const [query, field] of [
      ['filter=year', 'filter'],
      ['period_after=2025-02-29', 'period_after'],
      ['period_after=2025-07-01&period_before=2025-06-01', 'period_before'],
      ['period_after=2000-01-01&period_before=2025-01-01&filter=day', 'filter'],
    ]) {
      const response = await viewer.get(
        `${apiPath(LOM_AUDIENCE_PATHS.viewsGraph, { id: ids.lom })}?${query}`,
      );
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, field });
    }
  });
});

describe('GET lom-dynamic-graph/{id}/subscribers-graph/', () => {
  it('answers the stored counts of the period, the last of each step', async () => {
    const days = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.subscribersGraph, { id: ids.lom })}?period_after=2025-06-01&period_before=2025-06-30`,
    );
    const stored = await queryRows<{ date: string; value: number }>(
      kit.db,
      sql`select to_char(day, 'YYYY-MM-DD') as date, subscribers::float8 as value from lom_subscriber_history
           where lom_id = ${ids.lom} and day between '2025-06-01' and '2025-06-30' order by day`,
    );
    expect(days.graph).toEqual(stored);
    expect(days.graph).toHaveLength(3);
    const weeks = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.subscribersGraph, { id: ids.lom })}?period_after=2025-05-01&filter=week`,
    );
    expect(weeks.graph).toEqual([
      { date: '2025-05-26', value: 900 },
      { date: '2025-06-02', value: 1050 },
      { date: '2025-06-09', value: 1100 },
      { date: '2025-07-07', value: 1500 },
    ]);
    const months = await ok<LomGraphResponse>(
      `${apiPath(LOM_AUDIENCE_PATHS.subscribersGraph, { id: ids.lom })}?filter=month`,
    );
    expect(months.graph).toEqual([
      { date: '2025-05-01', value: 900 },
      { date: '2025-06-01', value: 1100 },
      { date: '2025-07-01', value: 1500 },
    ]);
  });

  it('answers 400 naming the field of a bad step', async () => {
    const response = await viewer.get(
      `${apiPath(LOM_AUDIENCE_PATHS.subscribersGraph, { id: ids.lom })}?filter=quarter`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('filter');
  });
});
