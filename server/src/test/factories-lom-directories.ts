import type { Db } from '../db/client.ts';
import {
  interests,
  listAndTypes,
  lomFocuses,
  lomLomFocuses,
  lomLomTypes,
  lomTypes,
  producerCenters,
  producerCenterTypes,
  thematicGroupTypes,
} from '../db/schema/index.ts';

// Factories for the lom directories (types, focuses, producer centers, thematic groups, "list and", interests).

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function buildLomType(db: Db, overrides: Insert<typeof lomTypes> = {}) {
  const [row] = await db
    .insert(lomTypes)
    .values({ name: `Тип ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function buildLomFocus(db: Db, overrides: Insert<typeof lomFocuses> = {}) {
  const [row] = await db
    .insert(lomFocuses)
    .values({ name: `Направленность ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function linkLomType(db: Db, lomId: number, lomTypeId: number) {
  await db.insert(lomLomTypes).values({ lomId, lomTypeId });
}

export async function linkLomFocus(db: Db, lomId: number, lomFocusId: number) {
  await db.insert(lomLomFocuses).values({ lomId, lomFocusId });
}

export async function buildProducerCenterType(db: Db, overrides: Insert<typeof producerCenterTypes> = {}) {
  const [row] = await db
    .insert(producerCenterTypes)
    .values({ name: `Тип центра ${next()}`, ...overrides })
    .returning();
  return row;
}

/** A producer center, of no type unless `typeId` is given. */
export async function buildProducerCenter(db: Db, overrides: Insert<typeof producerCenters> = {}) {
  const [row] = await db
    .insert(producerCenters)
    .values({ name: `Центр ${next()}`, ...overrides })
    .returning();
  return row;
}

/** Thematic groups take the spec's ids rather than a sequence; tests get theirs from 9000 up. */
let nextGroupId = 9000;

export async function buildThematicGroup(db: Db, overrides: Insert<typeof thematicGroupTypes> = {}) {
  const id = nextGroupId++;
  const [row] = await db
    .insert(thematicGroupTypes)
    .values({ id, name: `Группа ${id}`, ...overrides })
    .returning();
  return row;
}

export async function buildListAnd(db: Db, overrides: Insert<typeof listAndTypes> = {}) {
  const [row] = await db
    .insert(listAndTypes)
    .values({ name: `Список ${next()}`, ...overrides })
    .returning();
  return row;
}

export async function buildInterest(db: Db, overrides: Insert<typeof interests> = {}) {
  const [row] = await db
    .insert(interests)
    .values({ name: `Интерес ${next()}`, ...overrides })
    .returning();
  return row;
}
