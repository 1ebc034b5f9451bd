import { PICK_LIST_PATHS } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildUserWithToken } from '../../test/factories.ts';
import { dirTheme } from '../../test/factories-directories.ts';
import {
  dirInterest,
  dirListAnd,
  dirLomFocus,
  dirLomType,
  dirProducerCenter,
  dirProducerCenterType,
  dirThematicGroup,
} from '../../test/factories-lom-directories.ts';

// The pick lists of the lom directories: their own filters (the common ones are in pick-lists.test.ts).

type User = Awaited<ReturnType<typeof buildUserWithToken>>;
interface Page {
  results: { id: number; name: string }[];
  elements_count: number;
}

let t: TestApp;
let viewer: User;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await buildUserWithToken(t.database.db, { role: 3 });
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function ids(path: string, query: string, user: User = viewer): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  const page: Page = res.json();
  expect(page.elements_count).toBe(page.results.length);
  return page.results.map((item) => item.id);
}

describe('lom types pick list', () => {
  it('narrows by the segment, interest and category flags, archived and ai', async () => {
    const segment = await dirLomType(db(), 'Флаг сегмент', { isSegment: true });
    const category = await dirLomType(db(), 'Флаг категория', { isCategory: true });
    const both = await dirLomType(db(), 'Флаг оба', { isSegment: true, isCategory: true, archived: true });
    const interest = await dirLomType(db(), 'Флаг интерес', { isInterest: true, ai: true });
    const plain = await dirLomType(db(), 'Флаг нет');
    const path = PICK_LIST_PATHS.lom_type;
    const q = (filters: string) => `search=${encodeURIComponent('флаг')}&${filters}`;
    // No default: every type, by name.
    expect(await ids(path, q(''))).toEqual([interest.id, category.id, plain.id, both.id, segment.id]);
    expect(await ids(path, q('is_segment=true'))).toEqual([both.id, segment.id]);
    expect(await ids(path, q('is_category=true'))).toEqual([category.id, both.id]);
    expect(await ids(path, q('is_interest=true'))).toEqual([interest.id]);
    expect(await ids(path, q('is_segment=true&archived=false'))).toEqual([segment.id]);
    expect(await ids(path, q('is_segment=false&is_category=false&is_interest=false'))).toEqual([plain.id]);
    expect(await ids(path, q('ai=true'))).toEqual([interest.id]);
    expect(await ids(path, q('ai=false&archived=false'))).toEqual([category.id, plain.id, segment.id]);
  });

  it('narrows by theme (theme_in, theme_isnull)', async () => {
    const green = await dirTheme(db(), 'Тема типов зелёная');
    const blue = await dirTheme(db(), 'Тема типов синяя');
    const a = await dirLomType(db(), 'Темный тип А', { themeId: green.id });
    const b = await dirLomType(db(), 'Темный тип Б', { themeId: blue.id });
    const c = await dirLomType(db(), 'Темный тип В');
    const path = PICK_LIST_PATHS.lom_type;
    const q = (filters: string) => `search=${encodeURIComponent('темный тип')}&${filters}`;
    expect(await ids(path, q(`theme_in=${green.id}`))).toEqual([a.id]);
    expect(await ids(path, q(`theme_in=${green.id},${blue.id}`))).toEqual([a.id, b.id]);
    expect(await ids(path, q('theme_isnull=true'))).toEqual([c.id]);
    expect(await ids(path, q('theme_isnull=false'))).toEqual([a.id, b.id]);
  });

  it('orders by sort, id or creation when asked', async () => {
    const first = await dirLomType(db(), 'Порядок тип Я', { sort: 1 });
    const second = await dirLomType(db(), 'Порядок тип А', { sort: 2 });
    const third = await dirLomType(db(), 'Порядок тип М', { sort: 2 });
    const path = PICK_LIST_PATHS.lom_type;
    const q = (sort: string) => `search=${encodeURIComponent('порядок тип')}&sort=${sort}`;
    expect(await ids(path, q('name'))).toEqual([second.id, third.id, first.id]);
    expect(await ids(path, q('-name'))).toEqual([first.id, third.id, second.id]);
    expect(await ids(path, q('sort'))).toEqual([first.id, second.id, third.id]);
    expect(await ids(path, q('-sort'))).toEqual([second.id, third.id, first.id]);
    expect(await ids(path, q('-id'))).toEqual([third.id, second.id, first.id]);
    expect(await ids(path, q('created_at'))).toEqual([first.id, second.id, third.id]);
  });
});

describe('lom focuses pick list', () => {
  it('narrows by archived, ai and theme', async () => {
    const theme = await dirTheme(db(), 'Тема направленностей');
    const a = await dirLomFocus(db(), 'Фокус один', { themeId: theme.id });
    const b = await dirLomFocus(db(), 'Фокус два', { ai: true });
    const c = await dirLomFocus(db(), 'Фокус три', { archived: true });
    const path = PICK_LIST_PATHS.lom_focus;
    const q = (filters: string) => `search=${encodeURIComponent('фокус')}&${filters}`;
    expect(await ids(path, q(''))).toEqual([b.id, a.id, c.id]);
    expect(await ids(path, q('ai=false'))).toEqual([a.id, c.id]);
    expect(await ids(path, q('archived=true'))).toEqual([c.id]);
    expect(await ids(path, q(`theme_in=${theme.id}`))).toEqual([a.id]);
    expect(await ids(path, q('theme_isnull=true'))).toEqual([b.id, c.id]);
    expect(await ids(path, q(`id_not_in=${b.id}`))).toEqual([a.id, c.id]);
  });
});

describe('producer centers, thematic groups, "list and" entries, interests', () => {
  it('producer centers narrow by type', async () => {
    const agency = await dirProducerCenterType(db(), 'Агентство тест');
    const label = await dirProducerCenterType(db(), 'Лейбл тест');
    const a = await dirProducerCenter(db(), 'Центр Альфа', agency.id);
    const b = await dirProducerCenter(db(), 'Центр Бета', label.id);
    const c = await dirProducerCenter(db(), 'Центр Гамма');
    const path = PICK_LIST_PATHS.producer_center;
    const q = (filters: string) => `search=${encodeURIComponent('центр')}&${filters}`;
    expect(await ids(path, q(''))).toEqual([a.id, b.id, c.id]);
    expect(await ids(path, q(`type_in=${label.id}`))).toEqual([b.id]);
    expect(await ids(path, q(`type_in=${label.id},${agency.id}&id_not_in=${a.id}`))).toEqual([b.id]);
  });

  it('plain directories search, name ids and page', async () => {
    const cases = [
      [PICK_LIST_PATHS.thematic_group, dirThematicGroup],
      [PICK_LIST_PATHS.list_and, dirListAnd],
      [PICK_LIST_PATHS.interest, dirInterest],
    ] as const;
    for (const [path, make] of cases) {
      const b = await make(db(), 'Простой Б');
      const a = await make(db(), 'простой а');
      const other = await make(db(), 'Иной');
      expect(await ids(path, `search=${encodeURIComponent('ПРОСТОЙ')}`), path).toEqual([a.id, b.id]);
      expect(await ids(path, `id_in=${other.id},${b.id}`), path).toEqual([other.id, b.id]);
      const res = await t.app.inject({
        method: 'GET',
        url: `${path}?search=${encodeURIComponent('простой')}&page=2&page_size=1`,
        headers: viewer.headers,
      });
      expect(res.json(), path).toEqual({
        results: [{ id: b.id, name: 'Простой Б' }],
        page: 2,
        last_page: 2,
        elements_count: 2,
        next_pages_available: 0,
      });
    }
  });
});
