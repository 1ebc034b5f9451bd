import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

// app_secrets: values an administrator sets in /settings (the Telegram bot's token, the VK service token), one row
// per key; the value is read only by the code that uses it, never answered (only the label and when it was set).

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

/** The secret itself, for the code that uses it (a collector, a sender); undefined when it is not set. */
export async function secretValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
  return row?.value;
}
