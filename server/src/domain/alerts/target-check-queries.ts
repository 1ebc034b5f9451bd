import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lomGroups, personalThemes, themes } from '../../db/schema/index.ts';

// What the target of an alert or a digest names, looked up when it is saved (target-check.ts).

export async function themeExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, id)).limit(1);
  return rows.length > 0;
}

/** Whether the personal theme is the user's own. */
export async function personalThemeOwned(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: personalThemes.id })
    .from(personalThemes)
    .where(and(eq(personalThemes.id, id), eq(personalThemes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the user sees the lom group: a public one or their own (as the lom groups' list shows them). */
export async function lomGroupVisible(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: lomGroups.id })
    .from(lomGroups)
    .where(and(eq(lomGroups.id, id), or(eq(lomGroups.public, true), eq(lomGroups.ownerId, userId))))
    .limit(1);
  return rows.length > 0;
}
