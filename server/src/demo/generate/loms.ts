import { lomData, lomSources, loms } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { day, timestamp } from '../copy.ts';
import { AWARDS } from '../data/people.ts';
import type { LomInfo, LomKind, LomSourceInfo, World } from './context.ts';
import { accountUrl, type LomIdentity, NameBook } from './lom-names.ts';

const TYPOLOGY = ['Лидер мнений', 'Эксперт', 'Инфлюенсер', 'Амбассадор'];
const FAMILY_STATUS: readonly (readonly [number, number])[] = [
  [1, 25],
  [2, 12],
  [3, 3],
  [4, 40],
  [5, 4],
  [6, 6],
  [7, 3],
  [8, 7],
];

/** Number of loms for a message volume: enough variety without thinning each lom out. */
export const lomCountFor = (messages: number): number =>
  Math.min(3000, Math.max(150, Math.round(messages / 50)));

export async function generateLoms(world: World): Promise<void> {
  const { loader, random, now } = world;
  const book = new NameBook(random);
  const lomRows = loader.buffer(loms, [
    'id',
    'name',
    'middlename',
    'nickname',
    'age',
    'birthDate',
    'isActive',
    'archived',
    'isManual',
    'residenceAddress',
    'occupation',
    'createdAt',
    'regionType',
    'category',
    'segment',
    'typology',
    'lomTypeCategory',
    'producerName',
    'awards',
    'agency',
    'cooperationId',
    'trustIndex',
    'influenceIndex',
    'integrationIndex',
    'audienceAge',
    'regionId',
    'cityId',
  ]);
  const dataRows = loader.buffer(lomData, [
    'lomId',
    'birthDate',
    'birthDay',
    'birthMonth',
    'country',
    'city',
    'gender',
    'familyStatus',
    'occupation',
    'activities',
    'status',
    'description',
  ]);
  const sourceRows = loader.buffer(lomSources, [
    'id',
    'lomId',
    'probableLomId',
    'sourceId',
    'url',
    'externalLink',
    'coverage',
    'isActive',
    'createdAt',
  ]);
  const count = world.lomCount;
  const regionPick = world.regions.map((r) => [r, r.weight] as const);
  const tv = world.sources.find((s) => s.name === 'Телевидение');
  const online = world.sources.filter((s) => s !== tv);
  let sourceId = 0;

  for (let id = 1; id <= count; id++) {
    const kind = random.weighted<LomKind>([
      ['person', 65],
      ['brand', 13],
      ['channel', 22],
    ]);
    const region = random.weighted(regionPick);
    const city = random.chance(0.6) ? region.cities[0] : random.pick(region.cities);
    const identity: LomIdentity =
      kind === 'person' ? book.person() : kind === 'brand' ? book.brand() : book.channel(city.name);
    const federal = random.chance(kind === 'person' ? 0.2 : kind === 'channel' ? 0.1 : 0.05);
    const age = kind === 'person' ? Math.round(Math.min(70, Math.max(18, random.heavy(34, 0.3)))) : null;
    const birth =
      age === null ? null : new Date(now.getTime() - (age * 365.25 + random.int(0, 364)) * DAY_MS);
    const pc = kind === 'person' && random.chance(0.25) ? random.pick(world.producerCenters) : null;
    const archived = random.chance(0.01);

    // Accounts: 1–4 platforms; television only for a few public people.
    const sourceCount = random.weighted([
      [1, 35],
      [2, 35],
      [3, 20],
      [4, 10],
    ] as const);
    const platforms = random.weightedSample(online, (s) => s.weight, sourceCount);
    if (tv && kind === 'person' && random.chance(0.06)) platforms.push(tv);
    const median = federal ? 150_000 : kind === 'brand' ? 6_000 : 12_000;
    const lomSourcesInfo: LomSourceInfo[] = platforms.map((source) => {
      sourceId++;
      const coverage = Math.min(30_000_000, Math.round(random.heavy(median, 1.2)) + 50);
      const url = accountUrl(source.name, identity.handle, random);
      sourceRows.add({
        id: sourceId,
        lomId: id,
        probableLomId: null,
        sourceId: source.id,
        url,
        externalLink: source.name === 'Telegram' ? `https://t.me/s/${identity.handle}` : url,
        coverage,
        isActive: random.chance(0.95),
        createdAt: timestamp(new Date(now.getTime() - random.int(30, 700) * DAY_MS)),
      });
      return { id: sourceId, source, coverage, handle: identity.handle };
    });

    const info: LomInfo = {
      id,
      kind,
      displayName: identity.displayName,
      name: identity.name,
      gender: identity.gender,
      regionId: region.id,
      cityId: city.id,
      cityName: city.name,
      federal,
      sources: lomSourcesInfo,
      // Media publics post most, brands least; federal accounts more than local ones.
      activity:
        random.heavy(1, 0.9) *
        (kind === 'channel' ? 1.6 : kind === 'brand' ? 0.4 : 1) *
        (federal ? 2 : 1) *
        (archived ? 0.1 : 1),
      attitude: random.float(-0.6, 1),
      rubricIds: [],
      occupation: identity.occupation,
      age,
      producerCenterId: pc?.id ?? null,
    };
    world.loms.push(info);

    const category = kind === 'person' ? 'Персона' : kind === 'brand' ? 'Бренд' : 'СМИ и паблики';
    lomRows.add({
      id,
      name: identity.name,
      middlename: identity.middlename,
      nickname: kind === 'person' && random.chance(0.5) ? `@${identity.handle}` : null,
      age,
      birthDate: birth ? day(birth) : null,
      isActive: !archived && random.chance(0.96),
      archived,
      isManual: random.chance(0.08),
      residenceAddress: kind === 'person' ? `г. ${city.name}` : null,
      occupation: identity.occupation,
      createdAt: timestamp(new Date(now.getTime() - random.int(30, 900) * DAY_MS)),
      regionType: federal ? 1 : 2,
      category,
      segment: federal ? 'Федеральный' : random.chance(0.8) ? 'Региональный' : 'Муниципальный',
      typology: kind === 'person' ? random.pick(TYPOLOGY) : kind === 'brand' ? 'Коммерческий бренд' : 'Медиа',
      lomTypeCategory: kind === 'person' ? identity.occupation : category,
      producerName: pc?.name ?? null,
      awards: kind === 'person' && random.chance(0.15) ? random.pick(AWARDS) : null,
      agency: pc?.name ?? null,
      cooperationId: random.weighted([
        [0, 55],
        [1, 15],
        [2, 12],
        [3, 8],
        [4, 10],
      ] as const),
      trustIndex: Math.round(random.float(20, 95) * 10) / 10,
      influenceIndex: Math.round(random.float(5, 99) * 10) / 10,
      integrationIndex: Math.round(random.float(0, 90) * 10) / 10,
      audienceAge: Math.round(random.float(22, 48)),
      regionId: region.id,
      cityId: city.id,
    });
    dataRows.add({
      lomId: id,
      birthDate: birth ? day(birth) : null,
      birthDay: birth ? birth.getUTCDate() : null,
      birthMonth: birth ? birth.getUTCMonth() + 1 : null,
      country: 'Россия',
      city: city.name,
      gender: identity.gender,
      familyStatus: kind === 'person' ? random.weighted(FAMILY_STATUS) : null,
      occupation: identity.occupation,
      activities: kind === 'person' ? 'Ведение блога, участие в городских мероприятиях' : null,
      status: archived ? 'Архив' : 'Активен',
      description:
        kind === 'person'
          ? `${identity.occupation}, город ${city.name}. Пишет о жизни города и о том, что волнует жителей.`
          : `${identity.name}: аккаунты в социальных сетях, город ${city.name}.`,
    });
    await loader.flushIfLarge(lomRows);
  }

  // Accounts found by the crawler and not bound to a lom yet (admin lom-sources list).
  const unbound = Math.round(count / 15);
  for (let i = 0; i < unbound; i++) {
    sourceId++;
    const source = random.pick(online);
    const probable = random.chance(0.5) ? random.pick(world.loms) : null;
    const handle = book.uniqueHandle(
      `${probable ? probable.sources[0].handle : 'user'}_${random.int(10, 99)}`,
    );
    sourceRows.add({
      id: sourceId,
      lomId: null,
      probableLomId: probable?.id ?? null,
      sourceId: source.id,
      url: accountUrl(source.name, handle, random),
      externalLink: null,
      coverage: Math.round(random.heavy(3_000, 1.2)),
      isActive: true,
      createdAt: timestamp(new Date(now.getTime() - random.int(1, 60) * DAY_MS)),
    });
  }
  await loader.flushAll();
}
