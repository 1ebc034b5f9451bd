import {
  apiPath,
  DASHBOARD_PATHS,
  type DashboardMoodTableResponse,
  type DashboardPinnedTheme,
  type DashboardThemeChoice,
  DASHBOARD_PERSONAL_THEME_PATHS as PATHS,
  PERSONAL_THEME_PATHS,
} from '@monitoring/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardPersonalThemes,
  personalThemeLoms,
  personalThemes,
  userActions,
} from '../../db/schema/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// dashboard/personal/themes/ and themes-dashboards/: the caller's own pinned personal themes (docs/dashboards.md).

let t: Kit;
let editor: UserCaller;
let extended: UserCaller;
let viewer: UserCaller;
/** The editor's personal themes. */
let elections: number;
let sport: number;
let spare: number;
/** The extended user's. */
let foreign: number;

const PERIOD = 'wrote_at_after=2025-03-10&wrote_at_before=2025-03-14';
const pinOf = (id: number) => apiPath(PATHS.pinnedTheme, { id });

async function get<T>(url: string, user: Caller = editor): Promise<T> {
  const res = await user.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function pinsInDb(): Promise<number[]> {
  const rows = await t.database.db.select().from(dashboardPersonalThemes);
  return rows.map((row) => row.personalThemeId).sort((a, b) => a - b);
}

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  editor = t.as('editor');
  extended = t.as('extendedUser');
  viewer = t.as('user');

  const anna = (await buildLom(db, { name: 'Анна' })).id;
  const boris = (await buildLom(db, { name: 'Борис' })).id;
  const electionsTheme = (await buildTheme(db, { name: 'Выборы' })).id;
  const sportTheme = (await buildTheme(db, { name: 'Спорт' })).id;
  const base = { themeId: electionsTheme, verified: true };
  await buildMessage(db, { ...base, lomId: anna, mood: 1, si: 10, numberViews: 100, day: '2025-03-10' });
  await buildMessage(db, { ...base, lomId: boris, mood: 2, si: 5, numberViews: 50, day: '2025-03-12' });
  // Not verified, outside the period, or in the trash: not in the sums.
  await buildMessage(db, { ...base, lomId: anna, mood: 1, si: 7, verified: false, day: '2025-03-11' });
  await buildMessage(db, { ...base, lomId: anna, mood: 1, si: 99, day: '2025-03-20' });
  await buildMessage(db, { ...base, lomId: boris, mood: 2, si: 99, trash: true, day: '2025-03-11' });
  await buildMessage(db, {
    themeId: sportTheme,
    verified: true,
    lomId: anna,
    mood: 3,
    si: 3,
    day: '2025-03-11',
  });

  const insert = async (userId: number, name: string, filters: object) =>
    (await db.insert(personalThemes).values({ userId, name, filters }).returning())[0].id;
  elections = await insert(editor.user.id, 'Выборы: мой фильтр', { theme_in: [electionsTheme] });
  sport = await insert(editor.user.id, 'Спорт: мой фильтр', { theme_in: [sportTheme] });
  spare = await insert(editor.user.id, 'Архивное наблюдение', {});
  foreign = await insert(extended.user.id, 'Чужая тема', {});
  await db.insert(personalThemeLoms).values([
    { personalThemeId: elections, lomId: anna, tonality: 1 },
    { personalThemeId: elections, lomId: boris, tonality: 2 },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('pinned personal themes', () => {
  it('pins the caller’s own themes in order and lists them with the mood table of their dashboard', async () => {
    const first = await editor.post(PATHS.pinnedThemes, { theme: elections });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: elections, name: 'Выборы: мой фильтр', position: 0 });
    const second = await editor.post(PATHS.pinnedThemes, { theme: sport });
    expect(second.json()).toMatchObject({ id: sport, position: 1 });

    const list = await get<DashboardPinnedTheme[]>(`${PATHS.pinnedThemes}?${PERIOD}`);
    expect(list.map((theme) => [theme.id, theme.position])).toEqual([
      [elections, 0],
      [sport, 1],
    ]);
    expect(list[0]).toMatchObject({
      message_count: 2,
      total_si: 15,
      total_views: 150,
      constant_lom_count: 2,
    });
    expect(list[0].mood_table[1]).toMatchObject({ message_count: 1, lom_count: 1, total_si: 10 });
    expect(list[1]).toMatchObject({ message_count: 1, total_si: 3, constant_lom_count: 0 });
    // The same computation as the personal dashboard's own mood table.
    const table = await get<DashboardMoodTableResponse>(
      `${apiPath(DASHBOARD_PATHS.personal.moodTable, { id: elections })}?${PERIOD}`,
    );
    expect(list[0].mood_table).toEqual(table.mood_table);
    expect(list[0].message_count).toBe(table.total.message_count);

    const [entry] = await t.database.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.action, 'personal_dashboard.pin'), eq(userActions.userId, editor.user.id)))
      .limit(1);
    expect(entry).toMatchObject({ type: 10, newValue: { personal_theme_id: elections, position: 0 } });
  });

  it('refuses a second pin, another user’s theme and unknown ones, naming `theme`', async () => {
    const before = await pinsInDb();
    for (const theme of [elections, foreign, 999_999]) {
      const res = await editor.post(PATHS.pinnedThemes, { theme });
      expect(res.statusCode, `theme ${theme}`).toBe(400);
      expect(res.json().field).toBe('theme');
    }
    for (const theme of ['x', 0, -1, 1.5, true, null]) {
      const res = await editor.post(PATHS.pinnedThemes, { theme });
      expect(res.statusCode, `theme ${JSON.stringify(theme)}`).toBe(400);
      expect(res.json().field).toBe('theme');
    }
    const extra = await editor.post(PATHS.pinnedThemes, { theme: spare, position: 3 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().field).toBe('position');
    expect((await editor.post(PATHS.pinnedThemes, {})).json().field).toBe('theme');
    expect(await pinsInDb()).toEqual(before);
  });

  it('shows each user only their own pins and themes', async () => {
    const pinned = await extended.post(PATHS.pinnedThemes, { theme: foreign });
    expect(pinned.json()).toMatchObject({ id: foreign, position: 0 });
    const theirs = await get<DashboardPinnedTheme[]>(PATHS.pinnedThemes, extended);
    expect(theirs.map((theme) => theme.id)).toEqual([foreign]);
    const mine = await get<DashboardPinnedTheme[]>(PATHS.pinnedThemes);
    expect(mine.map((theme) => theme.id)).toEqual([elections, sport]);

    const choices = await get<DashboardThemeChoice[]>(PATHS.themesDashboards);
    expect(choices).toEqual([
      { id: spare, name: 'Архивное наблюдение', constant_lom_count: 0, pinned: false },
      { id: elections, name: 'Выборы: мой фильтр', constant_lom_count: 2, pinned: true },
      { id: sport, name: 'Спорт: мой фильтр', constant_lom_count: 0, pinned: true },
    ]);
    expect(await get<DashboardThemeChoice[]>(PATHS.themesDashboards, extended)).toEqual([
      { id: foreign, name: 'Чужая тема', constant_lom_count: 0, pinned: true },
    ]);

    // Another user's pin is not the caller's to remove.
    const other = await editor.delete(pinOf(foreign));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Личная тема не найдена');
    expect(await pinsInDb()).toContain(foreign);
  });

  it('unpins: 204, then 404; an unknown id 404; a bad id 400 naming `id`', async () => {
    const unpin = await editor.delete(pinOf(sport));
    expect(unpin.statusCode, unpin.body).toBe(204);
    const twice = await editor.delete(pinOf(sport));
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('Личная тема не закреплена на дашборде');
    expect((await editor.delete(pinOf(999_999))).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '2147483648']) {
      const res = await editor.delete(`${PATHS.pinnedThemes}${id}/`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().field).toBe('id');
    }
    const list = await get<DashboardPinnedTheme[]>(PATHS.pinnedThemes);
    expect(list.map((theme) => theme.id)).toEqual([elections]);
    const [entry] = await t.database.db
      .select()
      .from(userActions)
      .where(like(userActions.action, 'personal_dashboard.unpin'))
      .limit(1);
    expect(entry).toMatchObject({ type: 10, userId: editor.user.id, oldValue: { position: 1 } });
    // Pinned again, it goes after the others.
    expect((await editor.post(PATHS.pinnedThemes, { theme: sport })).json().position).toBe(1);
  });

  it('drops the pin with its personal theme', async () => {
    const gone = await editor.post(PATHS.pinnedThemes, { theme: spare });
    expect(gone.statusCode).toBe(201);
    expect((await editor.delete(apiPath(PERSONAL_THEME_PATHS.detail, { id: spare }))).statusCode).toBe(204);
    expect(await pinsInDb()).not.toContain(spare);
  });

  it('answers 400 for a bad period, 401 without a token, 403 without the permission', async () => {
    const bad = await editor.get(
      `${PATHS.pinnedThemes}?wrote_at_after=2025-03-14&wrote_at_before=2025-03-10`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('wrote_at_after');
    expect((await editor.get(`${PATHS.pinnedThemes}?wrote_at_before=вчера`)).json().field).toBe(
      'wrote_at_before',
    );
    const calls = [
      (c: Caller) => c.get(PATHS.pinnedThemes),
      (c: Caller) => c.post(PATHS.pinnedThemes, { theme: elections }),
      (c: Caller) => c.delete(pinOf(elections)),
      (c: Caller) => c.get(PATHS.themesDashboards),
    ];
    for (const call of calls) {
      expect((await call(t.anonymous)).statusCode).toBe(401);
      expect((await call(viewer)).statusCode).toBe(403);
    }
  });
});
