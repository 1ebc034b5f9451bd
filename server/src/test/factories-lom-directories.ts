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

// Factories for the lom directories (types, focuses, producer centers, groups, "list and", interests).

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function dirLomType(db: Db, name: string, overrides: Insert<typeof lomTypes> = {}) {
  const [row] = await db
    .insert(lomTypes)
    .values({ name, ...overrides })
    .returning();
  return row;
}

export async function dirLomFocus(db: Db, name: string, overrides: Insert<typeof lomFocuses> = {}) {
  const [row] = await db
    .insert(lomFocuses)
    .values({ name, ...overrides })
    .returning();
  return row;
}

export async function linkLomType(db: Db, lomId: number, lomTypeId: number) {
  await db.insert(lomLomTypes).values({ lomId, lomTypeId });
}

export async function linkLomFocus(db: Db, lomId: number, lomFocusId: number) {
  await db.insert(lomLomFocuses).values({ lomId, lomFocusId });
}

export async function dirProducerCenterType(db: Db, name: string) {
  const [row] = await db.insert(producerCenterTypes).values({ name }).returning();
  return row;
}

export async function dirProducerCenter(db: Db, name: string, typeId: number | null = null) {
  const [row] = await db.insert(producerCenters).values({ name, typeId }).returning();
  return row;
}

/** Thematic groups take the spec's ids rather than a sequence; tests get theirs from 9000 up. */
let nextGroupId = 9000;

export async function dirThematicGroup(db: Db, name: string) {
  const [row] = await db.insert(thematicGroupTypes).values({ id: nextGroupId++, name }).returning();
  return row;
}

export async function dirListAnd(db: Db, name: string) {
  const [row] = await db.insert(listAndTypes).values({ name }).returning();
  return row;
}

export async function dirInterest(db: Db, name: string) {
  const [row] = await db.insert(interests).values({ name }).returning();
  return row;
}
