import type { Db } from '../db/client.ts';
import {
  cities,
  cooperationStatuses,
  interests,
  listAndTypes,
  lomData,
  lomInterests,
  lomListAndTypes,
  lomProducerCenters,
  lomSources,
  loms,
  lomThematicGroups,
  producerCenters,
  regions,
  sources,
  thematicGroupTypes,
} from '../db/schema/index.ts';

// Factories for the lom card's writes and comparison: each test file builds its own directories.

let sequence = 0;
const next = () => ++sequence;

/** One of each directory the card links to; thematic group 12 is the foreign-agent group. */
export async function buildCardDirectories(db: Db) {
  const n = next();
  const [pcA, pcB] = await db
    .insert(producerCenters)
    .values([{ name: `Центр А${n}` }, { name: `Центр Б${n}` }])
    .returning();
  await db
    .insert(thematicGroupTypes)
    .values([
      { id: 12, name: 'Иноагенты' },
      { id: 3, name: 'Экология' },
    ])
    .onConflictDoNothing();
  const [listA, listB] = await db
    .insert(listAndTypes)
    .values([{ name: `Основной ${n}` }, { name: `Резерв ${n}` }])
    .returning();
  const [musicInterest, sportInterest] = await db
    .insert(interests)
    .values([{ name: `Музыка ${n}` }, { name: `Спорт ${n}` }])
    .returning();
  const [telegram] = await db
    .insert(sources)
    .values({ name: `Telegram ${n}`, icon: 'telegram.svg' })
    .returning();
  const [region, otherRegion] = await db
    .insert(regions)
    .values([{ name: `Регион ${n}` }, { name: `Другой регион ${n}` }])
    .returning();
  const [city] = await db
    .insert(cities)
    .values({ name: `Город ${n}`, regionId: region.id })
    .returning();
  await db.insert(cooperationStatuses).values({ id: 2, name: 'Сотрудничает' }).onConflictDoNothing();
  return { pcA, pcB, listA, listB, musicInterest, sportInterest, telegram, region, otherRegion, city };
}
export type CardDirectories = Awaited<ReturnType<typeof buildCardDirectories>>;

/** A lom with every card field filled and linked, a foreign agent (group 12), with one account. */
export async function buildFilledLom(db: Db, dirs: CardDirectories) {
  const n = next();
  const [lom] = await db
    .insert(loms)
    .values({
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
    })
    .returning();
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
  const [account] = await db
    .insert(lomSources)
    .values({ lomId: lom.id, sourceId: dirs.telegram.id, url: `https://t.me/filled_${n}`, coverage: 700 })
    .returning();
  return { lom, account };
}
