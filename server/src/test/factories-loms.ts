import type { Db } from '../db/client.ts';
import {
  cooperationStatuses,
  lomData,
  lomInterests,
  lomListAndTypes,
  lomProducerCenters,
  lomSources,
  loms,
  lomThematicGroups,
  thematicGroupTypes,
} from '../db/schema/index.ts';
import { buildCity, buildRegion, buildSource } from './factories-directories.ts';
import { buildInterest, buildListAnd, buildProducerCenter } from './factories-lom-directories.ts';

// Factories for loms (opinion leaders) and their accounts, and for the lom card: its directories and a lom
// with every card field filled.

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function buildLom(db: Db, overrides: Insert<typeof loms> = {}) {
  const [row] = await db
    .insert(loms)
    .values({ name: `ЛОМ ${next()}`, ...overrides })
    .returning();
  return row;
}

/**
 * An account (lom source) with a coverage of 1,000: of no lom unless `lomId` is given, on a new source unless
 * `sourceId` is given.
 */
export async function buildLomSource(db: Db, overrides: Insert<typeof lomSources> = {}) {
  const n = next();
  const sourceId = overrides.sourceId ?? (await buildSource(db)).id;
  const [row] = await db
    .insert(lomSources)
    .values({ url: `https://example.ru/acc/${n}`, coverage: 1000, ...overrides, sourceId })
    .returning();
  return row;
}

/** One of each directory the card links to; thematic group 12 is the foreign-agent group. */
export async function buildCardDirectories(db: Db) {
  const n = next();
  const pcA = await buildProducerCenter(db, { name: `Центр А${n}` });
  const pcB = await buildProducerCenter(db, { name: `Центр Б${n}` });
  // Groups 12 and 3 carry the spec's ids, so every file shares them.
  await db
    .insert(thematicGroupTypes)
    .values([
      { id: 12, name: 'Иноагенты' },
      { id: 3, name: 'Экология' },
    ])
    .onConflictDoNothing();
  const listA = await buildListAnd(db, { name: `Основной ${n}` });
  const listB = await buildListAnd(db, { name: `Резерв ${n}` });
  const musicInterest = await buildInterest(db, { name: `Музыка ${n}` });
  const sportInterest = await buildInterest(db, { name: `Спорт ${n}` });
  const telegram = await buildSource(db, { name: `Telegram ${n}`, icon: 'telegram.svg' });
  const region = await buildRegion(db, { name: `Регион ${n}` });
  const otherRegion = await buildRegion(db, { name: `Другой регион ${n}` });
  const city = await buildCity(db, { name: `Город ${n}`, regionId: region.id });
  await db.insert(cooperationStatuses).values({ id: 2, name: 'Сотрудничает' }).onConflictDoNothing();
  return { pcA, pcB, listA, listB, musicInterest, sportInterest, telegram, region, otherRegion, city };
}
export type CardDirectories = Awaited<ReturnType<typeof buildCardDirectories>>;

/** A lom with every card field filled and linked, a foreign agent (group 12), with one account. */
export async function buildFilledLom(db: Db, dirs: CardDirectories) {
  const n = next();
  const lom = await buildLom(db, {
    name: `Полный ЛОМ ${n}`,
    birthDate: '1990-05-12',
    age: 35,
    residenceAddress: 'г. Казань',
    occupation: 'Блогер',
    typology: 'Эксперт',
    category: 'Персона',
    segment: 'Региональный',
    awards: 'Премия года',
    agency: 'Агентство',
    producerName: 'Продюсер',
    cooperationId: 2,
    regionId: dirs.region.id,
    cityId: dirs.city.id,
  });
  await db.insert(lomData).values({
    lomId: lom.id,
    birthDate: '1990-05-12',
    birthDay: 12,
    birthMonth: 5,
    country: 'Россия',
    familyStatus: 4,
  });
  await db.insert(lomProducerCenters).values({ lomId: lom.id, producerCenterId: dirs.pcA.id });
  await db.insert(lomThematicGroups).values({ lomId: lom.id, thematicGroupTypeId: 12 });
  await db.insert(lomListAndTypes).values({ lomId: lom.id, listAndTypeId: dirs.listA.id });
  await db
    .insert(lomInterests)
    .values({ lomId: lom.id, interestId: dirs.musicInterest.id, isAi: true, share: 12 });
  const account = await buildLomSource(db, {
    lomId: lom.id,
    sourceId: dirs.telegram.id,
    url: `https://t.me/filled_${n}`,
    coverage: 700,
  });
  return { lom, account };
}
