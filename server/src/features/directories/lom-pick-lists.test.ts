import { PICK_LIST_PATHS } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTheme } from '../../test/factories-directories.ts';
import {
  buildInterest,
  buildListAnd,
  buildLomFocus,
  buildLomType,
  buildProducerCenter,
  buildProducerCenterType,
  buildThematicGroup,
} from '../../test/factories-lom-directories.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// The pick lists of the lom directories: their own filters (the common ones are in pick-lists.test.ts).

interface Page {
  results: { id: number; name: string }[];
  elements_count: number;
}

let kit: Kit;
let viewer: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

async function ids(path: string, query: string, user: Caller = viewer): Promise<number[]> {
  const res = await user.get(`${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const page: Page = res.json();
  expect(page.elements_count).toBe(page.results.length);
  return page.results.map((item) => item.id);
}

describe('lom types pick list', () => {
  it('narrows by the segment, interest and category flags, archived and ai', async () => {
    const segment = await buildLomType(db(), { name: 'Флаг сегмент', isSegment: true });
    const category = await buildLomType(db(), { name: 'Флаг категория', isCategory: true });
    const both = await buildLomType(db(), {
      name: 'Флаг оба',
      isSegment: true,
      isCategory: true,
      archived: true,
    });
    const interest = await buildLomType(db(), { name: 'Флаг интерес', isInterest: true, ai: true });
    const plain = await buildLomType(db(), { name: 'Флаг нет' });
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
    const green = await buildTheme(db(), { name: 'Тема типов зелёная' });
    const blue = await buildTheme(db(), { name: 'Тема типов синяя' });
    const a = await buildLomType(db(), { name: 'Темный тип А', themeId: green.id });
    const b = await buildLomType(db(), { name: 'Темный тип Б', themeId: blue.id });
    const c = await buildLomType(db(), { name: 'Темный тип В' });
    const path = PICK_LIST_PATHS.lom_type;
    const q = (filters: string) => `search=${encodeURIComponent('темный тип')}&${filters}`;
    expect(await ids(path, q(`theme_in=${green.id}`))).toEqual([a.id]);
    expect(await ids(path, q(`theme_in=${green.id},${blue.id}`))).toEqual([a.id, b.id]);
    expect(await ids(path, q('theme_isnull=true'))).toEqual([c.id]);
    expect(await ids(path, q('theme_isnull=false'))).toEqual([a.id, b.id]);
  });

  it('orders by sort, id or creation when asked', async () => {
    const first = await buildLomType(db(), { name: 'Порядок тип Я', sort: 1 });
    const second = await buildLomType(db(), { name: 'Порядок тип А', sort: 2 });
    const third = await buildLomType(db(), { name: 'Порядок тип М', sort: 2 });
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
    const theme = await buildTheme(db(), { name: 'Тема направленностей' });
    const a = await buildLomFocus(db(), { name: 'Фокус один', themeId: theme.id });
    const b = await buildLomFocus(db(), { name: 'Фокус два', ai: true });
    const c = await buildLomFocus(db(), { name: 'Фокус три', archived: true });
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
    const agency = await buildProducerCenterType(db(), { name: 'Агентство тест' });
    const label = await buildProducerCenterType(db(), { name: 'Лейбл тест' });
    const a = await buildProducerCenter(db(), { name: 'Центр Альфа', typeId: agency.id });
    const b = await buildProducerCenter(db(), { name: 'Центр Бета', typeId: label.id });
    const c = await buildProducerCenter(db(), { name: 'Центр Гамма' });
    const path = PICK_LIST_PATHS.producer_center;
    const q = (filters: string) => `search=${encodeURIComponent('центр')}&${filters}`;
    expect(await ids(path, q(''))).toEqual([a.id, b.id, c.id]);
    expect(await ids(path, q(`type_in=${label.id}`))).toEqual([b.id]);
    expect(await ids(path, q(`type_in=${label.id},${agency.id}&id_not_in=${a.id}`))).toEqual([b.id]);
  });

  it('plain directories search, name ids and page', async () => {
    const cases = [
      [PICK_LIST_PATHS.thematic_group, buildThematicGroup],
      [PICK_LIST_PATHS.list_and, buildListAnd],
      [PICK_LIST_PATHS.interest, buildInterest],
    ] as const;
    for (const [path, make] of cases) {
      const b = await make(db(), { name: 'Простой Б' });
      const a = await make(db(), { name: 'простой а' });
      const other = await make(db(), { name: 'Иной' });
      expect(await ids(path, `search=${encodeURIComponent('ПРОСТОЙ')}`), path).toEqual([a.id, b.id]);
      expect(await ids(path, `id_in=${other.id},${b.id}`), path).toEqual([other.id, b.id]);
      const res = await viewer.get(`${path}?search=${encodeURIComponent('простой')}&page=2&page_size=1`);
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
