import {
  socialGroups,
  socialPanelGroups,
  socialPanelists,
  socialPanelLoms,
  socialPanels,
} from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { day, intArray } from '../copy.ts';
import { SOCIAL_PANEL_GROUPS, SOCIAL_PANELS } from '../data/directories.ts';
import { PROJECTS } from '../data/texts.ts';
import { Random } from '../random.ts';
import type { RegionInfo, World } from './context.ts';

/**
 * Marker panels as sets of panelists (docs/social-panel.md "Demo"). Each panel has a profile
 * (ages, share of women, of the married, of higher education, a home region); every panelist
 * is drawn from it and follows a few of the panel's loms and communities. The charts are
 * counted from these rows, and social_panel_loms.share is the followers' percent of them, so
 * every share adds up.
 */

interface Profile {
  ages: readonly [number, number];
  women: number;
  married: number;
  higher: number;
  /** A city whose region most members live in. */
  city?: string;
}

const PROFILES: Record<string, Profile> = {
  'Молодёжь 18–24': { ages: [18, 24], women: 0.5, married: 0.15, higher: 0.35 },
  'Молодые мамы': { ages: [22, 38], women: 0.97, married: 0.8, higher: 0.55 },
  Студенты: { ages: [17, 26], women: 0.55, married: 0.1, higher: 0.3 },
  Пенсионеры: { ages: [58, 88], women: 0.62, married: 0.55, higher: 0.3 },
  Автомобилисты: { ages: [20, 65], women: 0.25, married: 0.6, higher: 0.45 },
  'Жители Казани': { ages: [14, 80], women: 0.53, married: 0.5, higher: 0.45, city: 'Казань' },
  'Жители Екатеринбурга': { ages: [14, 80], women: 0.53, married: 0.5, higher: 0.45, city: 'Екатеринбург' },
  'Жители Новосибирска': { ages: [14, 80], women: 0.53, married: 0.5, higher: 0.45, city: 'Новосибирск' },
  'IT-специалисты': { ages: [20, 50], women: 0.25, married: 0.5, higher: 0.85 },
  Учителя: { ages: [23, 65], women: 0.8, married: 0.65, higher: 0.9 },
  'Медицинские работники': { ages: [22, 66], women: 0.7, married: 0.6, higher: 0.7 },
  Предприниматели: { ages: [24, 62], women: 0.35, married: 0.68, higher: 0.65 },
};
const DEFAULT_PROFILE: Profile = { ages: [14, 80], women: 0.52, married: 0.5, higher: 0.5 };

const GROUP_TOPICS = [
  'Новости',
  'Афиша',
  'Подслушано',
  'Барахолка',
  'Спорт',
  'Кулинария',
  'Авто',
  'Работа',
  'Мамы',
  'Студенты',
];
const GROUP_COUNT = 60;
/** The loms a panel's audience reads; the most read are confirmed, the rest are candidates. */
const PANEL_LOMS = 24;
const CONFIRMED_LOMS = 14;
const JOIN_DAYS = 730;

function homeRegion(regions: readonly RegionInfo[], city: string | undefined): RegionInfo | undefined {
  if (!city) return undefined;
  return regions.find((r) => r.cities.some((c) => c.name === city));
}

export async function generateSocialPanels(world: World): Promise<void> {
  const { loader, now } = world;
  // One draw from the shared stream: the panels' own stream leaves later generators alone.
  const random = new Random(Math.floor(world.random.next() * 2 ** 32));
  const groupRows = loader.buffer(socialPanelGroups, ['id', 'name']);
  for (const [i, name] of SOCIAL_PANEL_GROUPS.entries()) groupRows.add({ id: i + 1, name });

  const communityRows = loader.buffer(socialGroups, ['id', 'name', 'url']);
  const communities = Array.from({ length: GROUP_COUNT }, (_, i) => {
    const region = random.pick(world.regions);
    const city = region.cities[0]?.name ?? region.name;
    const name =
      i % 3 === 2 ? `${random.pick(PROJECTS)} — ${city}` : `${random.pick(GROUP_TOPICS)} | ${city}`;
    return { id: i + 1, name, weight: random.heavy(1, 1) };
  });
  for (const c of communities)
    communityRows.add({ id: c.id, name: c.name, url: `https://vk.com/club${100_000 + c.id}` });

  const panelRows = loader.buffer(socialPanels, ['id', 'name', 'groupId', 'description', 'panelistsCount']);
  const memberRows = loader.buffer(socialPanelists, [
    'panelId',
    'gender',
    'age',
    'married',
    'education',
    'regionId',
    'joinedOn',
    'lomIds',
    'groupIds',
  ]);
  const lomRows = loader.buffer(socialPanelLoms, ['panelId', 'lomId', 'isCandidate', 'share']);

  for (const [index, [name, group]] of SOCIAL_PANELS.entries()) {
    const id = index + 1;
    const profile = PROFILES[name] ?? DEFAULT_PROFILE;
    const home = homeRegion(world.regions, profile.city);
    const size = random.int(400, 2500);
    panelRows.add({ id, name, groupId: group + 1, description: `Панель «${name}»`, panelistsCount: size });
    const loms = random
      .sample(world.loms, PANEL_LOMS)
      .map((lom, rank) => ({ id: lom.id, weight: 1 / (rank + 2) }));
    const groups = random.sample(communities, 15);
    const followers = new Map<number, number>();
    for (let p = 0; p < size; p += 1) {
      const [lo, hi] = profile.ages;
      const age = Math.round(lo + ((random.next() + random.next()) / 2) * (hi - lo));
      const region =
        home && random.chance(0.85)
          ? home
          : random.weighted(world.regions.map((r) => [r, r.weight] as const));
      const follows = random.weightedSample(loms, (l) => l.weight, random.int(1, 8)).map((l) => l.id);
      for (const lomId of follows) followers.set(lomId, (followers.get(lomId) ?? 0) + 1);
      // Joining accelerates towards today: the panel grew over two years.
      const joined = now.getTime() - Math.floor(JOIN_DAYS * random.next() ** 1.6) * DAY_MS;
      memberRows.add({
        panelId: id,
        gender: random.chance(profile.women) ? 1 : 2,
        age,
        married: random.chance(profile.married),
        education: random.chance(profile.higher) ? 2 : 1,
        regionId: random.chance(0.97) ? region.id : null,
        joinedOn: day(new Date(joined)),
        lomIds: intArray(follows),
        groupIds: intArray(random.weightedSample(groups, (g) => g.weight, random.int(0, 5)).map((g) => g.id)),
      });
    }
    const ranked = [...followers.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [rank, [lomId, count]] of ranked.entries()) {
      lomRows.add({
        panelId: id,
        lomId,
        isCandidate: rank >= CONFIRMED_LOMS,
        share: Math.round((count * 1000) / size) / 10,
      });
    }
  }
  await loader.flushAll();
}
