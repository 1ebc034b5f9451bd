import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

// app_secrets: one row per key, the value never answered (only the label and when it was set).

export type SecretInfo = { label: string | null; updatedAt: Date };

/** What may be shown of a secret: its label and when it was set; undefined when it is not set. */
export async function secretInfo(db: Db, key: string): Promise<SecretInfo | undefined> {
  const [row] = await db
    .select({ label: appSecrets.label, updatedAt: appSecrets.updatedAt })
    .from(appSecrets)
    .where(eq(appSecrets.key, key));
  return row;
}

export async function saveSecret(db: Db, key: string, value: string, label: string | null): Promise<void> {
  await db
    .insert(appSecrets)
    .values({ key, value, label })
    .onConflictDoUpdate({ target: appSecrets.key, set: { value, label, updatedAt: sql`now()` } });
}

export async function deleteSecret(db: Db, key: string): Promise<void> {
  await db.delete(appSecrets).where(eq(appSecrets.key, key));
}
