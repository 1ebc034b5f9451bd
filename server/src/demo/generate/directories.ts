import {
  channels,
  cities,
  cityThemes,
  contentTypes,
  cooperationStatuses,
  headings,
  interests,
  listAndTypes,
  lomFactTypes,
  lomFocuses,
  lomTypes,
  producerCenters,
  producerCenterTypes,
  regions,
  regionThemes,
  rubrics,
  rubricThemes,
  sources,
  tags,
  thematicGroupTypes,
} from '../../db/schema/index.ts';
import {
  CHANNELS,
  CONTENT_TYPES,
  COOPERATION_STATUSES,
  HEADINGS,
  INTERESTS,
  LIST_AND_TYPES,
  LOM_FACT_TYPES,
  LOM_FOCUSES,
  LOM_TYPES,
  PRODUCER_CENTER_TYPES,
  PRODUCER_CENTERS,
  RUBRICS,
  SOURCES,
  TAGS,
  THEMATIC_GROUPS,
} from '../data/directories.ts';
import { REGIONS } from '../data/geography.ts';
import type { World } from './context.ts';

/** Theme groups of the rubrics of type 'theme', by theme name prefix. */
const THEME_RUBRICS: Record<string, readonly string[]> = {
  'Социальная сфера': ['Здравоохранение', 'Образование', 'Поддержка семей', 'Пенсии', 'Молодёжная'],
  'Городская среда': ['Благоустройство', 'Общественный транспорт', 'ЖКХ', 'Дороги', 'Экология', 'Животные'],
  'Экономика и цены': ['Поддержка бизнеса', 'Цены', 'Жильё', 'Сельское', 'Технологии'],
  'Досуг и культура': ['Культура', 'Туризм', 'Спорт', 'Городские праздники'],
};

export async function generateDirectories(world: World): Promise<void> {
  const { loader, random } = world;

  const sourceRows = loader.buffer(sources, ['id', 'name', 'icon', 'host']);
  SOURCES.forEach((s, i) => {
    sourceRows.add({ id: i + 1, name: s.name, icon: s.icon, host: s.host });
    world.sources.push({ id: i + 1, name: s.name, host: s.host, weight: s.weight });
  });
  const tv = world.sources.find((s) => s.name === 'Телевидение');

  const contentRows = loader.buffer(contentTypes, ['id', 'name']);
  for (const c of CONTENT_TYPES) contentRows.add(c);
  const headingRows = loader.buffer(headings, ['id', 'name']);
  HEADINGS.forEach((name, i) => {
    headingRows.add({ id: i + 1, name });
    world.headingIds.push(i + 1);
  });
  const channelRows = loader.buffer(channels, ['id', 'name', 'icon', 'sourceId']);
  CHANNELS.forEach((name, i) => {
    channelRows.add({ id: i + 1, name, icon: 'tv', sourceId: tv?.id });
    world.channelIds.push(i + 1);
  });

  const regionRows = loader.buffer(regions, ['id', 'name', 'ai', 'archived', 'sort']);
  const cityRows = loader.buffer(cities, ['id', 'regionId', 'name', 'ai', 'archived', 'sort']);
  let cityId = 0;
  REGIONS.forEach((r, i) => {
    const region = {
      id: i + 1,
      name: r.name,
      weight: r.weight,
      cities: [] as { id: number; name: string }[],
    };
    regionRows.add({ id: region.id, name: r.name, ai: false, archived: false, sort: i });
    r.cities.forEach((name, j) => {
      cityId++;
      region.cities.push({ id: cityId, name });
      cityRows.add({ id: cityId, regionId: region.id, name, ai: false, archived: false, sort: j });
    });
    world.regions.push(region);
  });

  const typeRows = loader.buffer(lomTypes, [
    'id',
    'name',
    'themeId',
    'isSegment',
    'isInterest',
    'isCategory',
    'archived',
    'ai',
    'sort',
  ]);
  LOM_TYPES.forEach(([name, flag], i) => {
    const id = i + 1;
    world.lomTypeIds[flag].push(id);
    typeRows.add({
      id,
      name,
      themeId: flag === 'interest' ? random.pick(world.themes).id : null,
      isSegment: flag === 'segment',
      isInterest: flag === 'interest',
      isCategory: flag === 'category',
      archived: false,
      ai: false,
      sort: i,
    });
  });
  const focusRows = loader.buffer(lomFocuses, ['id', 'name', 'themeId', 'archived', 'ai']);
  LOM_FOCUSES.forEach((name, i) => {
    focusRows.add({ id: i + 1, name, themeId: null, archived: false, ai: false });
    world.lomFocusIds.push(i + 1);
  });
  const factTypeRows = loader.buffer(lomFactTypes, ['id', 'name']);
  for (const f of LOM_FACT_TYPES) factTypeRows.add(f);
  const cooperationRows = loader.buffer(cooperationStatuses, ['id', 'name']);
  for (const c of COOPERATION_STATUSES) cooperationRows.add(c);
  const interestRows = loader.buffer(interests, ['id', 'name']);
  INTERESTS.forEach((name, i) => {
    interestRows.add({ id: i + 1, name });
    world.interestIds.push(i + 1);
  });
  const pcTypeRows = loader.buffer(producerCenterTypes, ['id', 'name']);
  for (const [i, name] of PRODUCER_CENTER_TYPES.entries()) pcTypeRows.add({ id: i + 1, name });
  const pcRows = loader.buffer(producerCenters, ['id', 'name', 'typeId']);
  PRODUCER_CENTERS.forEach((short, i) => {
    const typeId = random.int(1, PRODUCER_CENTER_TYPES.length);
    const name = `${PRODUCER_CENTER_TYPES[typeId - 1]} «${short}»`;
    pcRows.add({ id: i + 1, name, typeId });
    world.producerCenters.push({ id: i + 1, name });
  });
  const groupRows = loader.buffer(thematicGroupTypes, ['id', 'name']);
  for (const g of THEMATIC_GROUPS) groupRows.add(g);
  const listAndRows = loader.buffer(listAndTypes, ['id', 'name']);
  LIST_AND_TYPES.forEach((name, i) => {
    listAndRows.add({ id: i + 1, name });
    world.listAndTypeIds.push(i + 1);
  });

  const rubricRows = loader.buffer(rubrics, ['id', 'name', 'type']);
  const rubricThemeRows = loader.buffer(rubricThemes, ['rubricId', 'themeId']);
  RUBRICS.forEach((r, i) => {
    rubricRows.add({ id: i + 1, name: r.name, type: r.type });
    world.rubrics.push({ id: i + 1, ...r });
    for (const prefix of THEME_RUBRICS[r.name] ?? []) {
      for (const theme of world.themes.filter((t) => t.name.startsWith(prefix))) {
        rubricThemeRows.add({ rubricId: i + 1, themeId: theme.id });
      }
    }
  });
  const tagRows = loader.buffer(tags, ['id', 'name']);
  TAGS.forEach((name, i) => {
    tagRows.add({ id: i + 1, name });
    world.tagIds.push(i + 1);
  });

  // Regions and cities where a theme is especially discussed (regions filter-list theme_in).
  const regionThemeRows = loader.buffer(regionThemes, ['regionId', 'themeId']);
  const cityThemeRows = loader.buffer(cityThemes, ['cityId', 'themeId']);
  for (const theme of world.themes) {
    for (const region of random.sample(world.regions, random.int(0, 4))) {
      regionThemeRows.add({ regionId: region.id, themeId: theme.id });
      cityThemeRows.add({ cityId: region.cities[0].id, themeId: theme.id });
    }
  }
  await loader.flushAll();
}
