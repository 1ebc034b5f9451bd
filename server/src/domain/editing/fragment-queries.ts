import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fragments, fragmentTags } from '../../db/schema/index.ts';
import { pgArray } from '../pg-array.ts';

export type FragmentRow = typeof fragments.$inferSelect;

export async function lockFragments(db: Db, ids: readonly number[]): Promise<FragmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(fragments)
    .where(inArray(fragments.id, [...ids]))
    .orderBy(asc(fragments.id))
    .for('update');
}

export async function lockFragment(db: Db, id: number): Promise<FragmentRow | undefined> {
  const [row] = await lockFragments(db, [id]);
  return row;
}

export async function insertFragment(db: Db, values: typeof fragments.$inferInsert): Promise<FragmentRow> {
  const [row] = await db.insert(fragments).values(values).returning();
  return row;
}

export async function updateFragment(
  db: Db,
  id: number,
  set: Partial<typeof fragments.$inferInsert>,
): Promise<FragmentRow> {
  const [row] = await db.update(fragments).set(set).where(eq(fragments.id, id)).returning();
  return row;
}

/** Tag ids per fragment, sorted. */
export async function tagsOf(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({ fragmentId: fragmentTags.fragmentId, tagId: fragmentTags.tagId })
    .from(fragmentTags)
    .where(inArray(fragmentTags.fragmentId, [...ids]))
    .orderBy(asc(fragmentTags.tagId));
  for (const row of rows) map.get(row.fragmentId)?.push(row.tagId);
  return map;
}

export async function setTags(db: Db, ids: readonly number[], tagIds: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(fragmentTags).where(inArray(fragmentTags.fragmentId, [...ids]));
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  await db
    .insert(fragmentTags)
    .values(ids.flatMap((fragmentId) => unique.map((tagId) => ({ fragmentId, tagId }))));
}

/** Deletes fragments; quotes made of them keep their text and lose the link (ON DELETE SET NULL). */
export async function deleteFragments(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(fragments).where(inArray(fragments.id, [...ids]));
}

/** messages.fragment_presence follows whether a message has fragments. */
export async function refreshFragmentPresence(db: Db, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(sql`
    update messages m set fragment_presence = exists (select 1 from fragments f where f.message_id = m.id)
     where m.id = any(${pgArray(messageIds)}::int[])
       and m.fragment_presence is distinct from exists (select 1 from fragments f where f.message_id = m.id)`);
}
