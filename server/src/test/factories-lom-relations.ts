import type { Db } from '../db/client.ts';
import { lomInvolvements, lomRubrics, lomSubscriptions, vkGroups } from '../db/schema/index.ts';

// Factories for the lom card's involvements, VK groups, subscriptions and rubric links.

let sequence = 0;
const next = () => ++sequence;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function buildInvolvement(
  db: Db,
  lomId: number,
  overrides: Insert<typeof lomInvolvements> = {},
) {
  const [row] = await db
    .insert(lomInvolvements)
    .values({ title: `Проект ${next()}`, lomId, involvementType: 'Фильм', ...overrides })
    .returning();
  return row;
}

export async function buildVkGroup(db: Db, lomId: number, overrides: Insert<typeof vkGroups> = {}) {
  const n = next();
  const [row] = await db
    .insert(vkGroups)
    .values({ lomId, name: `Группа ${n}`, url: `https://vk.com/test_group_${n}`, ...overrides })
    .returning();
  return row;
}

/** A page the lom subscribes to. */
export async function buildSubscription(
  db: Db,
  lomId: number,
  overrides: Insert<typeof lomSubscriptions> = {},
) {
  const n = next();
  const [row] = await db
    .insert(lomSubscriptions)
    .values({ lomId, name: `Подписка ${n}`, url: `https://vk.com/test_page_${n}`, ...overrides })
    .returning();
  return row;
}

export async function linkLomRubric(db: Db, lomId: number, rubricId: number) {
  await db.insert(lomRubrics).values({ lomId, rubricId });
}
