import {
  GATED_LOM_CARD_FIELDS,
  type LomDetail,
  lomCardFieldVisible,
  toMoscowIsoDate,
} from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lomAvatars,
  lomData,
  lomInterests,
  lomListAndTypes,
  lomProducerCenters,
  lomSources,
  loms,
  lomThematicGroups,
  userActions,
} from '../../db/schema/index.ts';
import { buildCardDirectories, buildFilledLom, type CardDirectories } from '../../test/factories-loms.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let viewer: UserCaller;
let role0: UserCaller;
let basePc: UserCaller;
let extendedPc: UserCaller;
let dirs: CardDirectories;

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  editor = t.as('editor');
  viewer = t.as('user');
  role0 = t.as('role0');
  basePc = await t.caller({ role: 2, uiPermissions: ['base_lom_card_for_pc'] });
  extendedPc = await t.caller({ role: 2, uiPermissions: ['extended_lom_card_for_pc'] });
  dirs = await buildCardDirectories(db);
});

afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

async function logOf(lomId: number, action: string) {
  return db()
    .select({
      userId: userActions.userId,
      type: userActions.type,
      old: userActions.oldValue,
      new: userActions.newValue,
    })
    .from(userActions)
    .where(and(eq(userActions.lomId, lomId), eq(userActions.action, action)));
}

async function linksOf(lomId: number) {
  const ids = async <T extends { id: number }>(rows: Promise<T[]>) =>
    (await rows).map((r) => r.id).sort((a, b) => a - b);
  return {
    producerCenters: await ids(
      db()
        .select({ id: lomProducerCenters.producerCenterId })
        .from(lomProducerCenters)
        .where(eq(lomProducerCenters.lomId, lomId)),
    ),
    thematicGroups: await ids(
      db()
        .select({ id: lomThematicGroups.thematicGroupTypeId })
        .from(lomThematicGroups)
        .where(eq(lomThematicGroups.lomId, lomId)),
    ),
    listAnd: await ids(
      db()
        .select({ id: lomListAndTypes.listAndTypeId })
        .from(lomListAndTypes)
        .where(eq(lomListAndTypes.lomId, lomId)),
    ),
    interests: await ids(
      db().select({ id: lomInterests.interestId }).from(lomInterests).where(eq(lomInterests.lomId, lomId)),
    ),
  };
}

async function lomRow(lomId: number) {
  const [row] = await db().select().from(loms).where(eq(loms.id, lomId));
  return row;
}

describe('GET loms/{id}/ card access', () => {
  it('shows the whole card without a producer-center rule', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const card: LomDetail = (await viewer.get(`/api/v1/loms/${lom.id}/`)).json();
    expect(card).toMatchObject({
      card_access: 'full',
      birth_date: '1990-05-12',
      age: 35,
      residence_address: 'г. Казань',
      awards: 'Премия года',
      agency: 'Агентство',
      typology: 'Эксперт',
      cooperation: { id: 2, name: 'Сотрудничает' },
      producer_centers: [{ id: dirs.pcA.id }],
      thematic_group_types: [{ id: 12, name: 'Иноагенты' }],
      interests: [{ id: dirs.musicInterest.id, isAi: true }],
      lom_data: { family_status: 4 },
      is_foreign_agent: true,
    });
  });

  it('hides the fields above the base and extended rules, keeping the public picture', async () => {
    const { lom, account } = await buildFilledLom(db(), dirs);
    const full: LomDetail = (await editor.get(`/api/v1/loms/${lom.id}/`)).json();
    for (const [user, access] of [
      [basePc, 'base'],
      [extendedPc, 'extended'],
    ] as const) {
      const response = await user.get(`/api/v1/loms/${lom.id}/`);
      expect(response.statusCode).toBe(200);
      const card: LomDetail = response.json();
      expect(card.card_access).toBe(access);
      for (const field of GATED_LOM_CARD_FIELDS) {
        const expected = lomCardFieldVisible(field, access)
          ? full[field]
          : Array.isArray(full[field])
            ? []
            : null;
        expect(card[field], `${access}: ${field}`).toEqual(expected);
      }
      // The public picture stays: name, foreign-agent mark, category, region, accounts.
      expect(card).toMatchObject({
        name: lom.name,
        is_foreign_agent: true,
        category: 'Персона',
        segment: 'Региональный',
        region: { id: dirs.region.id },
        lom_sources: [{ id: account.id, coverage: 700 }],
      });
    }
    const base: LomDetail = (await basePc.get(`/api/v1/loms/${lom.id}/`)).json();
    expect(base).toMatchObject({
      birth_date: null,
      age: null,
      residence_address: null,
      awards: null,
      agency: null,
      lom_data: null,
      interests: [],
      producer_centers: [],
      thematic_group_types: [],
      cooperation: null,
    });
    const extended: LomDetail = (await extendedPc.get(`/api/v1/loms/${lom.id}/`)).json();
    expect(extended).toMatchObject({ birth_date: '1990-05-12', awards: 'Премия года', cooperation: null });
    expect(extended.producer_centers).toHaveLength(1);
  });
});

describe('PATCH loms/{id}/', () => {
  it('writes every editable field, recomputes the age and logs the change', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const body = {
      birthDate: '2000-01-02',
      residence: '  г. Самара ',
      awards: '',
      agency: 'Новое агентство',
      typology: 'Инфлюенсер',
      category: 'Бренд',
      segment: 'Федеральный',
      producerCenters: [dirs.pcB.id, dirs.pcB.id],
      thematicGroups: [3],
      listAnd: [dirs.listA.id, dirs.listB.id],
      interests: [dirs.sportInterest.id, dirs.musicInterest.id],
    };
    const response = await editor.patch(`/api/v1/loms/${lom.id}/`, body);
    expect(response.statusCode, response.body).toBe(200);
    const card: LomDetail = response.json();
    const today = toMoscowIsoDate(new Date());
    const age = Number(today.slice(0, 4)) - 2000 - (today.slice(5) < '01-02' ? 1 : 0);
    expect(card).toMatchObject({
      birth_date: '2000-01-02',
      age,
      residence_address: 'г. Самара',
      awards: null,
      is_foreign_agent: false,
      thematic_group_types: [{ id: 3 }],
    });

    const row = await lomRow(lom.id);
    expect(row).toMatchObject({
      birthDate: '2000-01-02',
      age,
      residenceAddress: 'г. Самара',
      awards: null,
      agency: 'Новое агентство',
      typology: 'Инфлюенсер',
      category: 'Бренд',
      segment: 'Федеральный',
    });
    const [data] = await db().select().from(lomData).where(eq(lomData.lomId, lom.id));
    expect(data).toMatchObject({ birthDate: '2000-01-02', birthDay: 2, birthMonth: 1 });
    expect(await linksOf(lom.id)).toEqual({
      producerCenters: [dirs.pcB.id],
      thematicGroups: [3],
      listAnd: [dirs.listA.id, dirs.listB.id].sort((a, b) => a - b),
      interests: [dirs.musicInterest.id, dirs.sportInterest.id].sort((a, b) => a - b),
    });
    // A kept interest keeps its AI mark; a new one is manual.
    const marks = await db()
      .select({ id: lomInterests.interestId, isAi: lomInterests.isAi })
      .from(lomInterests)
      .where(eq(lomInterests.lomId, lom.id));
    expect(Object.fromEntries(marks.map((m) => [m.id, m.isAi]))).toEqual({
      [dirs.musicInterest.id]: true,
      [dirs.sportInterest.id]: false,
    });

    const log = await logOf(lom.id, 'lom.update');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      userId: editor.user.id,
      type: 6,
      old: {
        birthDate: '1990-05-12',
        awards: 'Премия года',
        thematicGroups: [12],
        producerCenters: [dirs.pcA.id],
      },
      new: { birthDate: '2000-01-02', awards: null, thematicGroups: [3], producerCenters: [dirs.pcB.id] },
    });
    // Fields not sent are not in the log; interests moved, so they are.
    expect(Object.keys(log[0].new as object).sort()).toEqual(
      [
        'age',
        'agency',
        'awards',
        'birthDate',
        'category',
        'interests',
        'listAnd',
        'producerCenters',
        'residence',
        'segment',
        'thematicGroups',
        'typology',
      ].sort(),
    );

    // The same values again change nothing and log nothing; clearing works.
    expect((await editor.patch(`/api/v1/loms/${lom.id}/`, body)).statusCode).toBe(200);
    expect(await logOf(lom.id, 'lom.update')).toHaveLength(1);
    const cleared = await editor.patch(`/api/v1/loms/${lom.id}/`, {
      birthDate: null,
      interests: [],
    });
    expect(cleared.json()).toMatchObject({ birth_date: null, age: null, interests: [] });
    expect((await linksOf(lom.id)).interests).toEqual([]);
  });

  it('answers 400 naming the field', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const tomorrow = toMoscowIsoDate(new Date(Date.now() + 86_400_000));
    const cases: [unknown, string][] = [
      [{ birthDate: tomorrow }, 'birthDate'],
      [{ birthDate: '2025-02-30' }, 'birthDate'],
      [{ birthDate: '12.05.1990' }, 'birthDate'],
      [{ birthDate: '1899-12-31' }, 'birthDate'],
      [{ producerCenters: [999_999] }, 'producerCenters'],
      [{ thematicGroups: [dirs.pcA.id + 999_999] }, 'thematicGroups'],
      [{ listAnd: [999_999] }, 'listAnd'],
      [{ interests: [999_999] }, 'interests'],
      [{ interests: 'музыка' }, 'interests'],
      [{ interests: [0] }, 'interests.0'],
      [{ residence: 'x'.repeat(1001) }, 'residence'],
      [{ awards: 5 }, 'awards'],
      [{ name: 'Новое имя' }, 'name'],
      [{}, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await editor.patch(`/api/v1/loms/${lom.id}/`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
      expect(response.json().message).toMatch(/[а-я]/);
    }
    expect(await logOf(lom.id, 'lom.update')).toEqual([]);
    expect((await lomRow(lom.id)).birthDate).toBe('1990-05-12');
  });

  it('needs a token, EDIT_LOM and the full card; an unknown lom is 404', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const url = `/api/v1/loms/${lom.id}/`;
    expect((await t.anonymous.patch(url, { awards: 'x' })).statusCode).toBe(401);
    expect((await viewer.patch(url, { awards: 'x' })).statusCode).toBe(403);
    expect((await basePc.patch(url, { awards: 'x' })).statusCode).toBe(403);
    expect((await extendedPc.patch(url, { awards: 'x' })).statusCode).toBe(403);
    expect((await editor.patch('/api/v1/loms/999999/', { awards: 'x' })).statusCode).toBe(404);
    expect((await lomRow(lom.id)).awards).toBe('Премия года');
  });
});

describe('POST loms/create-lom/', () => {
  it('creates a manual lom with its fields, links and accounts', async () => {
    const response = await editor.post('/api/v1/loms/create-lom/', {
      name: '  Мария Соколова ',
      nickname: '@sokolova',
      city: dirs.city.id,
      birthDate: '1985-07-20',
      residence: 'г. Казань',
      category: 'Персона',
      producerCenters: [dirs.pcA.id],
      thematicGroups: [12],
      interests: [dirs.musicInterest.id],
      sources: [
        { source: dirs.telegram.id, lom_source_url: 'https://t.me/sokolova_new', coverage: 1500 },
        {
          source: dirs.telegram.id,
          lom_source_url: 'https://t.me/sokolova_old',
          coverage: 300,
          is_active: false,
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const card: LomDetail = response.json();
    expect(card).toMatchObject({
      name: 'Мария Соколова',
      nickname: '@sokolova',
      is_manual: true,
      is_foreign_agent: true,
      region: { id: dirs.region.id },
      city: { id: dirs.city.id },
      birth_date: '1985-07-20',
      subscribers: 1500,
      sum_coverage: 1500,
      card_access: 'full',
    });
    expect(card.lom_sources.map((s) => [s.lom_source_url, s.coverage, s.is_active])).toEqual([
      ['https://t.me/sokolova_new', 1500, true],
      ['https://t.me/sokolova_old', 300, false],
    ]);
    const row = await lomRow(card.id);
    expect(row).toMatchObject({
      name: 'Мария Соколова',
      isManual: true,
      regionId: dirs.region.id,
      cityId: dirs.city.id,
      residenceAddress: 'г. Казань',
      sumCoverage: 1500,
      archived: false,
      isActive: true,
    });
    expect(await linksOf(card.id)).toEqual({
      producerCenters: [dirs.pcA.id],
      thematicGroups: [12],
      listAnd: [],
      interests: [dirs.musicInterest.id],
    });
    const log = await logOf(card.id, 'lom.create');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: 6, userId: editor.user.id, new: { name: 'Мария Соколова' } });
  });

  it('binds an account the crawler found without a lom', async () => {
    const [found] = await db()
      .insert(lomSources)
      .values({ lomId: null, sourceId: dirs.telegram.id, url: 'https://t.me/found_alone', coverage: 10 })
      .returning();
    const response = await editor.post('/api/v1/loms/create-lom/', {
      name: 'Найденный',
      sources: [{ source: dirs.telegram.id, lom_source_url: 'http://www.T.me/found_alone/', coverage: 99 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [account] = await db().select().from(lomSources).where(eq(lomSources.id, found.id));
    expect(account).toMatchObject({ lomId: response.json().id, coverage: 99 });
  });

  it('answers 400 naming the field and writes nothing', async () => {
    const { account } = await buildFilledLom(db(), dirs);
    const before = (await db().select({ id: loms.id }).from(loms)).length;
    const source = (url: string, extra = {}) => ({ source: dirs.telegram.id, lom_source_url: url, ...extra });
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'А', region: dirs.otherRegion.id, city: dirs.city.id }, 'city'],
      [{ name: 'А', region: 999_999 }, 'region'],
      [{ name: 'А', city: 999_999 }, 'city'],
      [{ name: 'А', birthDate: '2999-01-01' }, 'birthDate'],
      [{ name: 'А', listAnd: [999_999] }, 'listAnd'],
      [{ name: 'А', sources: [source('ftp://t.me/x')] }, 'sources.0.lom_source_url'],
      [{ name: 'А', sources: [{ ...source('https://t.me/y'), source: 999_999 }] }, 'sources.0.source'],
      [
        { name: 'А', sources: [source('https://t.me/z'), source('https://T.me/z/')] },
        'sources.1.lom_source_url',
      ],
      [{ name: 'А', sources: [source('https://t.me/ok'), source(account.url)] }, 'sources.1.lom_source_url'],
      [{ name: 'А', sources: [source('https://t.me/neg', { coverage: -1 })] }, 'sources.0.coverage'],
    ];
    for (const [body, field] of cases) {
      const response = await editor.post('/api/v1/loms/create-lom/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await db().select({ id: loms.id }).from(loms)).length).toBe(before);
  });

  it('needs a token, CREATE_LOM and the full card', async () => {
    const body = { name: 'Без прав' };
    expect((await t.anonymous.post('/api/v1/loms/create-lom/', body)).statusCode).toBe(401);
    expect((await viewer.post('/api/v1/loms/create-lom/', body)).statusCode).toBe(403);
    expect((await extendedPc.post('/api/v1/loms/create-lom/', body)).statusCode).toBe(403);
    expect(await db().select().from(loms).where(eq(loms.name, 'Без прав'))).toEqual([]);
  });
});

describe('POST loms/{id}/create-lomsource/', () => {
  it('adds an account, refreshes the subscriber columns and logs it', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const url = `/api/v1/loms/${lom.id}/create-lomsource/`;
    const response = await editor.post(url, {
      coverage: 5000,
      lom_source_url: 'https://vk.com/added_account',
      source: dirs.telegram.id,
      is_active: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      lom_source_url: 'https://vk.com/added_account',
      coverage: 5000,
      is_active: true,
      source: { id: dirs.telegram.id },
    });
    const [account] = await db().select().from(lomSources).where(eq(lomSources.id, response.json().id));
    expect(account).toMatchObject({ lomId: lom.id, coverage: 5000, isActive: true });
    // The filled lom's own account has 700: the sum and the largest follow both.
    expect(await lomRow(lom.id)).toMatchObject({ sumCoverage: 5700, subscribers: 5000 });
    const inactive = await editor.post(url, {
      coverage: 90_000,
      lom_source_url: 'https://vk.com/inactive_one',
      source: dirs.telegram.id,
      is_active: false,
    });
    expect(inactive.statusCode).toBe(201);
    expect(await lomRow(lom.id)).toMatchObject({ sumCoverage: 5700, subscribers: 5000 });
    expect(await logOf(lom.id, 'lom.source_add')).toHaveLength(2);
    const card: LomDetail = (await editor.get(`/api/v1/loms/${lom.id}/`)).json();
    expect(card.lom_sources).toHaveLength(3);
  });

  it('answers 400 naming the field, 401, 403 and 404', async () => {
    const { lom, account } = await buildFilledLom(db(), dirs);
    const other = await buildFilledLom(db(), dirs);
    const url = `/api/v1/loms/${lom.id}/create-lomsource/`;
    const ok = { lom_source_url: 'https://t.me/fresh_one', source: dirs.telegram.id, coverage: 1 };
    const cases: [unknown, string][] = [
      [{ ...ok, lom_source_url: 'not a url' }, 'lom_source_url'],
      [{ ...ok, lom_source_url: account.url.toUpperCase() }, 'lom_source_url'],
      [{ ...ok, lom_source_url: `${other.account.url}/` }, 'lom_source_url'],
      [{ ...ok, source: 999_999 }, 'source'],
      [{ ...ok, coverage: 1.5 }, 'coverage'],
      [{ ...ok, is_active: 'yes' }, 'is_active'],
      [{ coverage: 1, source: dirs.telegram.id }, 'lom_source_url'],
    ];
    for (const [body, field] of cases) {
      const response = await editor.post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    const bound = await editor.post(url, { ...ok, lom_source_url: other.account.url });
    expect(bound.json().message).toContain(other.lom.name);
    expect((await t.anonymous.post(url, ok)).statusCode).toBe(401);
    expect((await viewer.post(url, ok)).statusCode).toBe(403);
    expect((await basePc.post(url, ok)).statusCode).toBe(403);
    expect((await editor.post('/api/v1/loms/999999/create-lomsource/', ok)).statusCode).toBe(404);
    expect(await db().select().from(lomSources).where(eq(lomSources.lomId, lom.id))).toHaveLength(1);
  });
});

describe('DELETE loms/{id}/', () => {
  it('archives the lom once, logging it; the list and the count no longer have it', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const countBefore = (await viewer.get('/api/v1/loms/lom_count/')).json().count;
    expect((await editor.delete(`/api/v1/loms/${lom.id}/`)).statusCode).toBe(204);
    expect(await lomRow(lom.id)).toMatchObject({ archived: true, isActive: true });
    expect((await viewer.get('/api/v1/loms/lom_count/')).json().count).toBe(countBefore - 1);
    const list = (await viewer.get(`/api/v1/loms/new-loms/?search=${encodeURIComponent(lom.name)}`)).json();
    expect(list.results).toEqual([]);
    // The card still opens, marked archived; a second delete changes nothing.
    expect((await viewer.get(`/api/v1/loms/${lom.id}/`)).json().archived).toBe(true);
    expect((await editor.delete(`/api/v1/loms/${lom.id}/`)).statusCode).toBe(204);
    const log = await logOf(lom.id, 'lom.delete');
    expect(log).toEqual([
      { userId: editor.user.id, type: 6, old: { archived: false }, new: { archived: true } },
    ]);
  });

  it('needs a token, EDIT_LOM and the full card; an unknown lom is 404', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const url = `/api/v1/loms/${lom.id}/`;
    expect((await t.anonymous.delete(url)).statusCode).toBe(401);
    expect((await viewer.delete(url)).statusCode).toBe(403);
    expect((await basePc.delete(url)).statusCode).toBe(403);
    expect((await editor.delete('/api/v1/loms/999999/')).statusCode).toBe(404);
    expect((await editor.delete('/api/v1/loms/abc/')).json().field).toBe('id');
    expect((await lomRow(lom.id)).archived).toBe(false);
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);

function uploadAvatar(lomId: number, caller: Caller, bytes: Buffer, fileName = 'a.png', type = 'image/png') {
  return caller.form('PATCH', `/api/v1/loms/${lomId}/update-lom-avatar/`, [
    ['avatar', { filename: fileName, content: bytes, type }],
  ]);
}

describe('PATCH loms/{id}/update-lom-avatar/', () => {
  it('stores the image in the database, points the lom at it and serves it', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const response = await uploadAvatar(lom.id, editor, PNG);
    expect(response.statusCode, response.body).toBe(200);
    const { avatar } = response.json();
    expect(avatar).toMatch(/^\/api\/v1\/loms\/avatars\/[0-9a-f]{64}\.png$/);
    expect(response.json()).toEqual({ id: lom.id, avatar });
    expect((await lomRow(lom.id)).avatar).toBe(avatar);
    const stored = await db()
      .select()
      .from(lomAvatars)
      .where(eq(lomAvatars.file, avatar.split('/').pop() ?? ''));
    expect(stored).toHaveLength(1);
    expect(stored[0].mime).toBe('image/png');
    expect(Buffer.from(stored[0].body).equals(PNG)).toBe(true);
    expect((await viewer.get(`/api/v1/loms/${lom.id}/`)).json().avatar).toBe(avatar);

    // Served without a token (an <img> sends none), cached for good.
    const served = await t.anonymous.get(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A WebP declared as anything is stored by what it is.
    const webp = await uploadAvatar(lom.id, editor, WEBP, 'photo.bin', 'application/octet-stream');
    expect(webp.json().avatar).toMatch(/\.webp$/);
    const log = await logOf(lom.id, 'lom.avatar');
    expect(log.map((e) => e.new)).toEqual([{ avatar }, { avatar: webp.json().avatar }]);
    expect(log[1].old).toEqual({ avatar });
  });

  it('refuses what is not a PNG, JPEG or WebP up to 5 MB, naming avatar', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    for (const [bytes, name, type] of [
      [svg, 'a.svg', 'image/svg+xml'],
      [Buffer.from('просто текст'), 'a.png', 'image/png'],
      [Buffer.alloc(0), 'a.png', 'image/png'],
      [big, 'big.png', 'image/png'],
    ] as const) {
      const response = await uploadAvatar(lom.id, editor, bytes, name, type);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().field).toBe('avatar');
    }
    const json = await editor.patch(`/api/v1/loms/${lom.id}/update-lom-avatar/`, { avatar: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('avatar');
    expect((await lomRow(lom.id)).avatar).toBeNull();
  });

  it('needs a token, EDIT_LOM and the full card; an unknown lom is 404', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    expect((await uploadAvatar(lom.id, t.anonymous, PNG)).statusCode).toBe(401);
    expect((await uploadAvatar(lom.id, viewer, PNG)).statusCode).toBe(403);
    expect((await uploadAvatar(lom.id, basePc, PNG)).statusCode).toBe(403);
    expect((await uploadAvatar(999_999, editor, PNG)).statusCode).toBe(404);
    expect((await lomRow(lom.id)).avatar).toBeNull();
    expect((await t.anonymous.get(`/api/v1/loms/avatars/${'0'.repeat(64)}.png`)).statusCode).toBe(404);
    const bad = await t.anonymous.get('/api/v1/loms/avatars/..%2Fsecret.png');
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET loms/card-directories/', () => {
  it('lists the directories of the editor, producer centers with their loms', async () => {
    const response = await viewer.get('/api/v1/loms/card-directories/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const linked = await db()
      .select({ id: loms.id })
      .from(lomProducerCenters)
      .innerJoin(loms, eq(loms.id, lomProducerCenters.lomId))
      .where(and(eq(lomProducerCenters.producerCenterId, dirs.pcA.id), eq(loms.archived, false)));
    expect(linked.length).toBeGreaterThan(0);
    expect(body.producer_centers).toContainEqual({
      id: dirs.pcA.id,
      name: dirs.pcA.name,
      loms_count: linked.length,
    });
    expect(body.thematic_groups).toContainEqual({ id: 12, name: 'Иноагенты' });
    expect(body.list_and_types).toContainEqual({ id: dirs.listA.id, name: dirs.listA.name });
    expect(body.interests).toContainEqual({ id: dirs.sportInterest.id, name: dirs.sportInterest.name });
    expect((await t.anonymous.get('/api/v1/loms/card-directories/')).statusCode).toBe(401);
    expect((await role0.get('/api/v1/loms/card-directories/')).statusCode).toBe(403);
  });
});

describe('activation from the card', () => {
  it('deactivates and activates with EDIT_LOM', async () => {
    const { lom } = await buildFilledLom(db(), dirs);
    const response = await editor.patch(`/api/v1/loms/${lom.id}/deactivate/`);
    expect(response.json()).toEqual({ id: lom.id, is_active: false });
    expect((await lomRow(lom.id)).isActive).toBe(false);
    expect((await editor.patch(`/api/v1/loms/${lom.id}/activate/`)).json().is_active).toBe(true);
  });
});
