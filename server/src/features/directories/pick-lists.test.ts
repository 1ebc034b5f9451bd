import { PICK_LIST_ALIAS_PATHS, PICK_LIST_PATHS, type PickListKind } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, contentTypes, headings } from '../../db/schema/index.ts';
import {
  buildCity,
  buildInfoReason,
  buildPersonalTag,
  buildRegion,
  buildRubric,
  buildSource,
  buildTag,
  buildTheme,
} from '../../test/factories-directories.ts';
import {
  buildInterest,
  buildListAnd,
  buildLomFocus,
  buildLomType,
  buildProducerCenter,
  buildProducerCenterType,
  buildThematicGroup,
} from '../../test/factories-lom-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

interface Item {
  id: number;
  name: string;
  [field: string]: unknown;
}
interface Page {
  results: Item[];
  page: number;
  last_page: number;
  elements_count: number;
  next_pages_available: number;
}

let kit: Kit;
let viewer: UserCaller;
let other: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  other = await kit.caller({ role: 3 });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

async function call(path: string, query = '', user: Caller = viewer) {
  return user.get(query ? `${path}?${query}` : path);
}

async function list(path: string, query = '', user: Caller = viewer): Promise<Page> {
  const res = await call(path, query, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (page: Page) => page.results.map((item) => item.name);
const ids = (page: Page) => page.results.map((item) => item.id);
const search = (text: string) => `search=${encodeURIComponent(text)}`;

describe('every pick list path', () => {
  it('answers its directory rows in the pick-list shape', async () => {
    const theme = await buildTheme(db(), { name: 'Шейп тема' });
    const region = await buildRegion(db(), { name: 'Шейп регион' });
    const source = await buildSource(db(), { name: 'Шейп площадка', icon: 'shape.svg' });
    const lom = await buildLom(db(), { name: 'Шейп ЛОМ', avatar: 'shape.png' });
    const pcType = await buildProducerCenterType(db(), { name: 'Агентство' });
    const rows: Record<PickListKind, Item> = {
      lom: { id: lom.id, name: 'Шейп ЛОМ', avatar: 'shape.png', is_active: true },
      theme: { id: theme.id, name: 'Шейп тема', active: true, archived: false },
      info_reason: {
        id: (await buildInfoReason(db(), { name: 'Шейп инфоповод', themeId: theme.id })).id,
        name: 'Шейп инфоповод',
        theme: { id: theme.id, name: 'Шейп тема' },
        active: true,
        archived: false,
      },
      rubric: {
        id: (await buildRubric(db(), { name: 'Шейп рубрика', type: 'theme' })).id,
        name: 'Шейп рубрика',
        type: 'theme',
      },
      region: { id: region.id, name: 'Шейп регион' },
      city: {
        id: (await buildCity(db(), { name: 'Шейп город', regionId: region.id })).id,
        name: 'Шейп город',
        region_id: region.id,
      },
      tag: { id: (await buildTag(db(), { name: 'Шейп тег' })).id, name: 'Шейп тег' },
      personal_tag: {
        id: (await buildPersonalTag(db(), viewer.user.id, { name: 'Шейп личный' })).id,
        name: 'Шейп личный',
      },
      source: { id: source.id, name: 'Шейп площадка', icon: 'shape.svg' },
      lom_source: {
        id: (
          await buildLomSource(db(), {
            lomId: lom.id,
            sourceId: source.id,
            url: 'https://t.me/shape',
            coverage: 1234,
          })
        ).id,
        name: 'Шейп площадка · https://t.me/shape',
        url: 'https://t.me/shape',
        source: { id: source.id, name: 'Шейп площадка', icon: 'shape.svg' },
        lom_id: lom.id,
        coverage: 1234,
        is_active: true,
      },
      lom_type: {
        id: (await buildLomType(db(), { name: 'Шейп тип', themeId: theme.id, isSegment: true })).id,
        name: 'Шейп тип',
        theme: { id: theme.id, name: 'Шейп тема' },
        is_segment: true,
        is_interest: false,
        is_category: false,
        archived: false,
        ai: false,
      },
      lom_focus: {
        id: (await buildLomFocus(db(), { name: 'Шейп направленность', ai: true })).id,
        name: 'Шейп направленность',
        theme: null,
        archived: false,
        ai: true,
      },
      producer_center: {
        id: (await buildProducerCenter(db(), { name: 'Шейп центр', typeId: pcType.id })).id,
        name: 'Шейп центр',
        type: { id: pcType.id, name: 'Агентство' },
      },
      thematic_group: {
        id: (await buildThematicGroup(db(), { name: 'Шейп группа' })).id,
        name: 'Шейп группа',
      },
      list_and: { id: (await buildListAnd(db(), { name: 'Шейп список' })).id, name: 'Шейп список' },
      interest: { id: (await buildInterest(db(), { name: 'Шейп интерес' })).id, name: 'Шейп интерес' },
      content_type: (
        await db().insert(contentTypes).values({ id: 901, name: 'Шейп контент' }).returning()
      )[0],
      heading: (await db().insert(headings).values({ name: 'Шейп рубрика издания' }).returning())[0],
      channel: {
        id: (
          await db()
            .insert(channels)
            .values({ name: 'Шейп канал', icon: 'tv.svg', sourceId: source.id })
            .returning()
        )[0].id,
        name: 'Шейп канал',
        icon: 'tv.svg',
        source: { id: source.id, name: 'Шейп площадка' },
      },
    };
    for (const [kind, path] of Object.entries(PICK_LIST_PATHS) as [PickListKind, string][]) {
      // Lower case: the search ignores case in every directory.
      const page = await list(path, search('шейп'));
      expect(page, kind).toEqual({
        results: [rows[kind]],
        page: 1,
        last_page: 1,
        elements_count: 1,
        next_pages_available: 0,
      });
    }
    expect(await list(PICK_LIST_ALIAS_PATHS.city, search('шейп'))).toEqual(
      await list(PICK_LIST_PATHS.city, search('шейп')),
    );
  });

  it('answers HEAD like GET, without a body', async () => {
    for (const path of Object.values(PICK_LIST_PATHS)) {
      const res = await viewer.request('HEAD', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toBe('');
    }
  });

  it('answers 401 without a token and 403 to a role without permissions', async () => {
    const service = await kit.caller({ role: 101 });
    const undefinedRole = await kit.caller({ role: 0 });
    for (const path of [...Object.values(PICK_LIST_PATHS), ...Object.values(PICK_LIST_ALIAS_PATHS)]) {
      expect((await call(path, '', kit.anonymous)).statusCode, path).toBe(401);
      expect((await call(path, '', service)).statusCode, path).toBe(403);
      expect((await call(path, '', undefinedRole)).statusCode, path).toBe(403);
    }
  });

  it('lets in any one of the reading permissions, old-style or named', async () => {
    const lomSelection = await kit.caller({ role: 102 });
    const quotesOnly = await kit.caller({ role: 0, extraPermissions: ['QUOTES'] });
    const namedMessages = await kit.caller({ role: 0, uiPermissions: ['view_messages'] });
    const admin = await kit.caller({ role: 0, uiPermissions: ['view_lom_admin'] });
    for (const user of [lomSelection, quotesOnly, namedMessages, admin]) {
      expect((await call(PICK_LIST_PATHS.theme, '', user)).statusCode).toBe(200);
      expect((await call(PICK_LIST_PATHS.lom, '', user)).statusCode).toBe(200);
    }
    // Personal tags need their own permission, which role 102 does not hold.
    expect((await call(PICK_LIST_PATHS.personal_tag, '', lomSelection)).statusCode).toBe(403);
    const tagsOnly = await kit.caller({ role: 0, extraPermissions: ['PERSONAL_TAGS'] });
    expect((await call(PICK_LIST_PATHS.personal_tag, '', tagsOnly)).statusCode).toBe(200);
    expect((await call(PICK_LIST_PATHS.tag, '', tagsOnly)).statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad paging, ids, flags and choices', async () => {
    const bad = async (path: string, query: string, field: string) => {
      const res = await call(path, query);
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.field, query).toBe(field);
      expect(body.message).toContain(`«${field}»`);
    };
    for (const path of Object.values(PICK_LIST_PATHS)) {
      await bad(path, 'page_size=0', 'page_size');
      await bad(path, 'page_size=201', 'page_size');
      await bad(path, 'page_size=abc', 'page_size');
      await bad(path, 'page=0', 'page');
      await bad(path, 'id_in=1,x', 'id_in');
      await bad(path, 'id_not_in=1.5', 'id_not_in');
      await bad(path, search('я'.repeat(201)), 'search');
    }
    await bad(PICK_LIST_PATHS.info_reason, 'active=maybe', 'active');
    await bad(PICK_LIST_PATHS.info_reason, 'theme_in=-1', 'theme_in');
    await bad(PICK_LIST_PATHS.theme, 'ordering=text', 'ordering');
    await bad(PICK_LIST_PATHS.theme, 'archived=1', 'archived');
    await bad(PICK_LIST_PATHS.rubric, 'type=segment', 'type');
    await bad(PICK_LIST_PATHS.city, 'region_in=a', 'region_in');
    await bad(PICK_LIST_PATHS.lom_source, 'lom=a', 'lom');
    await bad(PICK_LIST_PATHS.lom, 'is_active=yes', 'is_active');
    await bad(PICK_LIST_PATHS.lom_type, 'is_segment=1', 'is_segment');
    await bad(PICK_LIST_PATHS.lom_type, 'is_category=да', 'is_category');
    await bad(PICK_LIST_PATHS.lom_type, 'is_interest=', 'is_interest');
    await bad(PICK_LIST_PATHS.lom_type, 'sort=position', 'sort');
    await bad(PICK_LIST_PATHS.lom_type, 'theme_in=x', 'theme_in');
    await bad(PICK_LIST_PATHS.lom_focus, 'theme_isnull=null', 'theme_isnull');
    await bad(PICK_LIST_PATHS.lom_focus, 'ai=no', 'ai');
    await bad(PICK_LIST_PATHS.producer_center, 'type_in=1;2', 'type_in');
    expect((await call(PICK_LIST_PATHS.tag, 'page_size=200')).statusCode).toBe(200);
  });
});

describe('search', () => {
  it('finds part of the name in any case, Cyrillic included, trimmed', async () => {
    const a = await buildLom(db(), { name: 'Анна Мостовая' });
    const b = await buildLom(db(), { name: 'ВАСИЛИЙ МОСТОВ' });
    await buildLom(db(), { name: 'Анна Мартова' });
    const found = await list(PICK_LIST_PATHS.lom, search('  мОсТоВ '));
    expect(ids(found)).toEqual([a.id, b.id]);
    expect(found.elements_count).toBe(2);
  });

  it('takes % and _ as plain characters', async () => {
    const percent = await buildTag(db(), { name: 'скидка 100% ровно' });
    await buildTag(db(), { name: 'скидка 1000 рублей' });
    const underscore = await buildTag(db(), { name: 'снейк_кейс' });
    await buildTag(db(), { name: 'снейкXкейс' });
    expect(ids(await list(PICK_LIST_PATHS.tag, search('100%')))).toEqual([percent.id]);
    expect(ids(await list(PICK_LIST_PATHS.tag, search('к_к')))).toEqual([underscore.id]);
    expect(ids(await list(PICK_LIST_PATHS.tag, search('%')))).toEqual([percent.id]);
  });

  it('orders by name regardless of case, then by id', async () => {
    const c = await buildRubric(db(), { name: 'Порядок В' });
    const a = await buildRubric(db(), { name: 'порядок а' });
    const b2 = await buildRubric(db(), { name: 'Порядок Б' });
    const b1 = await buildRubric(db(), { name: 'Порядок Б' });
    expect(ids(await list(PICK_LIST_PATHS.rubric, search('порядок')))).toEqual([a.id, b2.id, b1.id, c.id]);
  });

  it('finds an account by its platform or its address', async () => {
    const lom = await buildLom(db(), { name: 'Аккаунтов владелец' });
    const vk = await buildSource(db(), { name: 'ВКонтакте тест' });
    const tg = await buildSource(db(), { name: 'Телеграм тест' });
    const a = await buildLomSource(db(), { lomId: lom.id, sourceId: vk.id, url: 'https://vk.com/akkaunt' });
    const b = await buildLomSource(db(), { lomId: lom.id, sourceId: tg.id, url: 'https://t.me/akkaunt' });
    expect(ids(await list(PICK_LIST_PATHS.lom_source, search('вконтакте тест')))).toEqual([a.id]);
    expect(ids(await list(PICK_LIST_PATHS.lom_source, search('t.me/akkaunt')))).toEqual([b.id]);
  });
});

describe('ids and paging', () => {
  it('keeps only id_in and leaves out id_not_in', async () => {
    const tagsMade = [];
    for (const n of [1, 2, 3, 4]) tagsMade.push(await buildTag(db(), { name: `айди ${n}` }));
    const [t1, t2, t3, t4] = tagsMade;
    expect(ids(await list(PICK_LIST_PATHS.tag, `id_in=${t3.id},${t1.id},,${t3.id}`))).toEqual([t1.id, t3.id]);
    expect(ids(await list(PICK_LIST_PATHS.tag, `${search('айди')}&id_not_in=${t2.id},${t4.id}`))).toEqual([
      t1.id,
      t3.id,
    ]);
    expect(ids(await list(PICK_LIST_PATHS.tag, `id_in=${t1.id},${t2.id}&id_not_in=${t2.id}`))).toEqual([
      t1.id,
    ]);
    // An empty list is no filter, as everywhere in the API.
    expect((await list(PICK_LIST_PATHS.tag, `${search('айди')}&id_in=`)).elements_count).toBe(4);
    expect((await list(PICK_LIST_PATHS.tag, 'id_in=999999')).results).toEqual([]);
  });

  it('pages with page and page_size, 25 by default, and counts past the last page', async () => {
    for (let n = 1; n <= 27; n++) await buildTag(db(), { name: `страница ${String(n).padStart(2, '0')}` });
    const first = await list(PICK_LIST_PATHS.tag, search('страница'));
    expect(first.results).toHaveLength(25);
    expect(first).toMatchObject({ page: 1, last_page: 2, elements_count: 27, next_pages_available: 1 });
    expect(names(first)[0]).toBe('страница 01');

    const second = await list(PICK_LIST_PATHS.tag, `${search('страница')}&page=2`);
    expect(names(second)).toEqual(['страница 26', 'страница 27']);
    expect(second).toMatchObject({ page: 2, last_page: 2, next_pages_available: 0 });

    const small = await list(PICK_LIST_PATHS.tag, `${search('страница')}&page=3&page_size=10`);
    expect(names(small)).toEqual([
      'страница 21',
      'страница 22',
      'страница 23',
      'страница 24',
      'страница 25',
      'страница 26',
      'страница 27',
    ]);
    expect(small).toMatchObject({ page: 3, last_page: 3, elements_count: 27 });

    const beyond = await list(PICK_LIST_PATHS.tag, `${search('страница')}&page=9&page_size=10`);
    expect(beyond).toEqual({
      results: [],
      page: 9,
      last_page: 3,
      elements_count: 27,
      next_pages_available: 0,
    });

    const none = await list(PICK_LIST_PATHS.tag, search('нет такого тега'));
    expect(none).toEqual({ results: [], page: 1, last_page: 1, elements_count: 0, next_pages_available: 0 });
  });
});

describe('filters of each directory', () => {
  it('info reasons: active by default, theme_in, archived, ai; named ids whatever their state', async () => {
    const theme = await buildTheme(db(), { name: 'Повод тема' });
    const otherTheme = await buildTheme(db(), { name: 'Повод другая тема' });
    const active = await buildInfoReason(db(), { name: 'Инцидент активный', themeId: theme.id });
    const inactive = await buildInfoReason(db(), {
      name: 'Инцидент неактивный',
      themeId: theme.id,
      active: false,
    });
    const archived = await buildInfoReason(db(), {
      name: 'Инцидент архивный',
      themeId: otherTheme.id,
      archived: true,
    });
    const ai = await buildInfoReason(db(), { name: 'Инцидент от ИИ', ai: true });
    const path = PICK_LIST_PATHS.info_reason;
    const q = search('инцидент');
    expect(ids(await list(path, q))).toEqual([active.id, archived.id, ai.id]);
    expect(ids(await list(path, `${q}&active=false`))).toEqual([inactive.id]);
    expect(ids(await list(path, `${q}&theme_in=${theme.id}`))).toEqual([active.id]);
    expect(ids(await list(path, `${q}&theme_in=${theme.id}&active=false`))).toEqual([inactive.id]);
    expect(ids(await list(path, `${q}&theme_in=${theme.id},${otherTheme.id}`))).toEqual([
      active.id,
      archived.id,
    ]);
    expect(ids(await list(path, `${q}&archived=false`))).toEqual([active.id, ai.id]);
    expect(ids(await list(path, `${q}&ai=true`))).toEqual([ai.id]);
    expect(ids(await list(path, `id_in=${inactive.id},${active.id}`))).toEqual([active.id, inactive.id]);
    expect(ids(await list(path, `id_in=${inactive.id}&active=true`))).toEqual([]);
  });

  it('themes: active by default, archived, ai, draft, info_reason_in and ordering', async () => {
    const a = await buildTheme(db(), { name: 'Тематика А', createdAt: new Date('2025-01-03T00:00:00Z') });
    const b = await buildTheme(db(), {
      name: 'тематика Б',
      archived: true,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    const c = await buildTheme(db(), {
      name: 'Тематика В',
      createdByAi: true,
      draft: true,
      createdAt: new Date('2025-01-02T00:00:00Z'),
    });
    const off = await buildTheme(db(), { name: 'Тематика выключенная', active: false });
    const reason = await buildInfoReason(db(), { name: 'Тематический повод', themeId: c.id });
    const path = PICK_LIST_PATHS.theme;
    const q = search('тематика');
    expect(ids(await list(path, q))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list(path, `${q}&active=false`))).toEqual([off.id]);
    expect(ids(await list(path, `${q}&archived=true`))).toEqual([b.id]);
    expect(ids(await list(path, `${q}&ai=true`))).toEqual([c.id]);
    expect(ids(await list(path, `${q}&draft=false`))).toEqual([a.id, b.id]);
    expect(ids(await list(path, `info_reason_in=${reason.id}`))).toEqual([c.id]);
    expect(ids(await list(path, `${q}&ordering=-name`))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(path, `${q}&ordering=created_at`))).toEqual([b.id, c.id, a.id]);
    expect(ids(await list(path, `${q}&ordering=-id`))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(path, `id_in=${off.id}`))).toEqual([off.id]);
  });

  it('loms: is_active and archived when sent, every lom otherwise', async () => {
    const on = await buildLom(db(), { name: 'Ломовой активный' });
    const off = await buildLom(db(), { name: 'Ломовой неактивный', isActive: false });
    const gone = await buildLom(db(), { name: 'Ломовой архивный', archived: true });
    const path = PICK_LIST_PATHS.lom;
    const q = search('ломовой');
    expect(ids(await list(path, q))).toEqual([on.id, gone.id, off.id]);
    expect(ids(await list(path, `${q}&is_active=false`))).toEqual([off.id]);
    expect(ids(await list(path, `${q}&archived=false&is_active=true`))).toEqual([on.id]);
  });

  it('rubrics: type and archived', async () => {
    const lomRubric = await buildRubric(db(), { name: 'Сегментик ЛОМ' });
    const themeRubric = await buildRubric(db(), { name: 'Сегментик тем', type: 'theme', archived: true });
    const q = search('сегментик');
    expect(ids(await list(PICK_LIST_PATHS.rubric, `${q}&type=rubric`))).toEqual([lomRubric.id]);
    expect(ids(await list(PICK_LIST_PATHS.rubric, `${q}&type=theme`))).toEqual([themeRubric.id]);
    expect(ids(await list(PICK_LIST_PATHS.rubric, `${q}&archived=false`))).toEqual([lomRubric.id]);
  });

  it('regions and cities: theme_in, theme_isnull, region_in', async () => {
    const theme = await buildTheme(db(), { name: 'Местная тема' });
    const north = await buildRegion(db(), { name: 'Местность Север', themeIds: [theme.id] });
    const south = await buildRegion(db(), { name: 'Местность Юг' });
    const n1 = await buildCity(db(), { name: 'Местечко Северное', regionId: north.id, themeIds: [theme.id] });
    const s1 = await buildCity(db(), { name: 'Местечко Южное', regionId: south.id });
    const q = search('мест');
    expect(ids(await list(PICK_LIST_PATHS.region, `${q}&theme_in=${theme.id}`))).toEqual([north.id]);
    expect(ids(await list(PICK_LIST_PATHS.region, `${q}&theme_isnull=true`))).toEqual([south.id]);
    expect(ids(await list(PICK_LIST_PATHS.region, `${q}&theme_isnull=false`))).toEqual([north.id]);
    for (const path of [PICK_LIST_PATHS.city, PICK_LIST_ALIAS_PATHS.city]) {
      expect(ids(await list(path, q))).toEqual([n1.id, s1.id]);
      expect(ids(await list(path, `${q}&region_in=${south.id}`))).toEqual([s1.id]);
      expect(ids(await list(path, `${q}&theme_in=${theme.id}`))).toEqual([n1.id]);
    }
  });

  it('lom sources: one lom (lom) or several (lom_in), source_in, is_active', async () => {
    const anna = await buildLom(db(), { name: 'Владелец Анна' });
    const boris = await buildLom(db(), { name: 'Владелец Борис' });
    const source = await buildSource(db(), { name: 'Площадка владельцев' });
    const a1 = await buildLomSource(db(), {
      lomId: anna.id,
      sourceId: source.id,
      url: 'https://example.ru/anna-1',
    });
    const a2 = await buildLomSource(db(), {
      lomId: anna.id,
      sourceId: source.id,
      url: 'https://example.ru/anna-2',
      isActive: false,
    });
    const b1 = await buildLomSource(db(), {
      lomId: boris.id,
      sourceId: source.id,
      url: 'https://example.ru/boris',
    });
    const path = PICK_LIST_PATHS.lom_source;
    expect(ids(await list(path, `lom=${anna.id}`))).toEqual([a1.id, a2.id]);
    expect(ids(await list(path, `lom_in=${anna.id},${boris.id}&is_active=true`))).toEqual([a1.id, b1.id]);
    expect(ids(await list(path, `source_in=${source.id}&id_not_in=${a1.id}`))).toEqual([a2.id, b1.id]);
  });

  it("personal tags: one's own only, even by id", async () => {
    const mine = await buildPersonalTag(db(), viewer.user.id, { name: 'Свой ярлык' });
    const theirs = await buildPersonalTag(db(), other.user.id, { name: 'Свой ярлык чужой' });
    expect(ids(await list(PICK_LIST_PATHS.personal_tag, search('свой ярлык')))).toEqual([mine.id]);
    expect(ids(await list(PICK_LIST_PATHS.personal_tag, `id_in=${theirs.id}`))).toEqual([]);
    expect(ids(await list(PICK_LIST_PATHS.personal_tag, search('свой ярлык'), other))).toEqual([theirs.id]);
  });
});
