import {
  dashboardConfigurations,
  dashboardPersonalThemes,
  dashboardThemes,
  favouriteInfoReasons,
  favouriteLoms,
  favouriteThemes,
  lomGroupLomSources,
  lomGroupLoms,
  lomGroups,
  newDashboardLomGroups,
  newDashboards,
  personalThemeLoms,
  personalThemes,
  themeDashboardLoms,
} from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { intArray, json, timestamp } from '../copy.ts';
import type { World } from './context.ts';

const GROUP_TITLES = [
  'Блогеры Поволжья',
  'Федеральные СМИ',
  'Мамы-блогеры Урала',
  'Спортивные каналы',
  'Городские паблики Сибири',
  'Эксперты ЖКХ',
  'Молодёжные лидеры',
  'Автоблогеры',
  'Экоактивисты',
  'Культура и искусство',
  'Бизнес-сообщество',
  'Телеграм-каналы столицы',
];

/**
 * The public daily dashboards of the picture of the day (docs/home.md): the first has no theme
 * filter (every message), the others three of the heaviest themes each; [name, short name, types].
 */
const DAILY = [
  ['Вся повестка дня', 'Всё', []],
  ['Картина дня: регионы', 'Регионы', [1, 2, 3]],
  ['Социальная повестка', 'Соцсфера', []],
  ['Городская среда', 'Город', [1, 3, 4]],
  ['Цены и экономика', 'Экономика', []],
] as const;

/** Two private dashboards of each demo user who has the picture of the day. */
const PRIVATE_DAILY = [
  ['Мои темы недели', 'Мои темы'],
  ['Наблюдение: негатив', 'Негатив'],
] as const;

/** Per-user state: favourites, personal themes (two pinned each), lom groups, dashboards, pinned theme dashboards. */
export async function generateUserState(world: World): Promise<void> {
  const { loader, random, now } = world;
  const ago = (days: number) => timestamp(new Date(now.getTime() - random.int(0, days) * DAY_MS));
  const active = world.users.filter((u) => ![0, 101].includes(u.role));
  const themes = world.themes;
  const reasons = themes.flatMap((t) => t.reasons);
  const lomIdsOf = (count: number) => random.sample(world.loms, count).map((l) => l.id);

  const favLoms = loader.buffer(favouriteLoms, ['userId', 'lomId']);
  const favThemes = loader.buffer(favouriteThemes, ['userId', 'themeId']);
  const favReasons = loader.buffer(favouriteInfoReasons, ['userId', 'infoReasonId']);
  const personal = loader.buffer(personalThemes, ['id', 'userId', 'name', 'filters', 'type', 'createdAt']);
  const personalLoms = loader.buffer(personalThemeLoms, ['personalThemeId', 'lomId', 'tonality']);
  const personalPins = loader.buffer(dashboardPersonalThemes, ['id', 'personalThemeId', 'position']);
  const groups = loader.buffer(lomGroups, [
    'id',
    'title',
    'public',
    'reportId',
    'ownerId',
    'lastProcessed',
    'active',
    'isLomsource',
    'mood',
    'createdAt',
  ]);
  const groupLoms = loader.buffer(lomGroupLoms, ['groupId', 'lomId']);
  const groupSources = loader.buffer(lomGroupLomSources, ['groupId', 'lomSourceId']);
  const dashboards = loader.buffer(newDashboards, [
    'id',
    'userId',
    'name',
    'filters',
    'isDashboard',
    'createdAt',
  ]);
  const dashboardGroups = loader.buffer(newDashboardLomGroups, ['dashboardId', 'lomGroupId']);
  const daily = loader.buffer(dashboardConfigurations, [
    'id',
    'userId',
    'name',
    'shortName',
    'position',
    'types',
    'filters',
    'isPrivate',
  ]);
  const pinned = loader.buffer(dashboardThemes, ['id', 'themeId', 'createdBy', 'position']);
  const pinnedLoms = loader.buffer(themeDashboardLoms, ['themeId', 'lomId', 'tonality']);

  let personalId = 0;
  for (const user of active) {
    for (const lomId of lomIdsOf(random.int(5, 15))) favLoms.add({ userId: user.id, lomId });
    for (const t of random.sample(themes, random.int(2, 5)))
      favThemes.add({ userId: user.id, themeId: t.id });
    for (const r of random.sample(reasons, random.int(3, 8)))
      favReasons.add({ userId: user.id, infoReasonId: r.id });
    for (const [i, theme] of random.sample(themes, random.int(2, 4)).entries()) {
      const id = ++personalId;
      // The first two of each user's personal themes are pinned on the theme dashboards page (no draw:
      // the rest of the demo stays as it was).
      if (i < 2) personalPins.add({ id, personalThemeId: id, position: i });
      const filters = { theme_in: [theme.id], mood_in: random.chance(0.5) ? [1, 6] : [], verified: true };
      personal.add({
        id,
        userId: user.id,
        name: `Мониторинг: ${theme.name}`,
        filters: json(filters),
        type: 1,
        createdAt: ago(200),
      });
      for (const lomId of lomIdsOf(random.int(3, 10)))
        personalLoms.add({ personalThemeId: id, lomId, tonality: random.pick([1, 2, 3]) });
    }
  }

  GROUP_TITLES.forEach((title, i) => {
    const id = i + 1;
    const isLomsource = random.chance(0.25);
    groups.add({
      id,
      title: random.chance(0.1) ? null : title,
      public: random.chance(0.5),
      reportId: random.chance(0.7) ? 7_000_000 + random.int(1000, 99_999) : null,
      ownerId: random.pick(active).id,
      lastProcessed: ago(30),
      active: random.chance(0.9),
      isLomsource,
      mood: random.chance(0.3) ? random.pick([1, 2, 3]) : null,
      createdAt: ago(300),
    });
    const members = random.sample(world.loms, random.int(8, 40));
    for (const lom of members) {
      if (isLomsource) groupSources.add({ groupId: id, lomSourceId: lom.sources[0].id });
      else groupLoms.add({ groupId: id, lomId: lom.id });
    }
  });

  const groupIds = GROUP_TITLES.map((_, i) => i + 1);
  let dashboardId = 0;
  for (const user of active) {
    for (let n = random.int(1, 3); n > 0; n--) {
      const id = ++dashboardId;
      const filters = {
        period: random.pick(['week', 'month']),
        theme_in: random.sample(themes, 2).map((t) => t.id),
      };
      dashboards.add({
        id,
        userId: user.id,
        name: `Дашборд ${id}: ${random.pick(themes).name}`,
        filters: json(filters),
        isDashboard: true,
        createdAt: ago(200),
      });
      for (const lomGroupId of random.sample(groupIds, random.int(1, 3))) {
        dashboardGroups.add({ dashboardId: id, lomGroupId });
      }
    }
  }

  const owner = world.users.find((u) => u.role === 1) ?? world.users[0];
  // Heaviest themes first, so a dashboard of three of them has messages every day.
  const heavy = [...themes].sort((a, b) => b.weight - a.weight || a.id - b.id).slice(0, 15);
  const themeFilter = () => ({
    theme_or_rubrics_in: random
      .sample(heavy, 3)
      .map((t) => t.id)
      .join(','),
  });
  let dailyId = 0;
  DAILY.forEach(([name, shortName, types], i) => {
    daily.add({
      id: ++dailyId,
      userId: owner.id,
      name,
      shortName,
      position: i + 1,
      types: intArray([...types]),
      filters: json(i === 0 ? {} : themeFilter()),
      isPrivate: false,
    });
  });
  const viewers = world.users.filter((u) => [1, 2, 3, 4].includes(u.role));
  for (const user of viewers) {
    const base = user.id === owner.id ? DAILY.length : 0;
    PRIVATE_DAILY.forEach(([name, shortName], i) => {
      daily.add({
        id: ++dailyId,
        userId: user.id,
        name,
        shortName,
        position: base + i + 1,
        types: intArray([]),
        filters: json(i === 0 ? themeFilter() : { mood_in: [2, 5] }),
        isPrivate: true,
      });
    });
  }

  random.sample(themes, 8).forEach((theme, i) => {
    pinned.add({ id: i + 1, themeId: theme.id, createdBy: owner.id, position: i });
    for (const lomId of lomIdsOf(random.int(10, 30)))
      pinnedLoms.add({ themeId: theme.id, lomId, tonality: random.pick([1, 2, 3]) });
  });
  await loader.flushAll();
}
