import type { LomAvatarType } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lomAvatars } from '../../db/schema/index.ts';

// The SQL of the stored avatars (avatars.ts).

/** Stores the image under its file name; a file stored already stays as it is. */
export async function insertAvatar(
  db: Db,
  file: string,
  type: LomAvatarType,
  bytes: Uint8Array,
): Promise<void> {
  await db.insert(lomAvatars).values({ file, mime: type, body: bytes }).onConflictDoNothing();
}

/** The bytes of a stored avatar, or undefined. */
export async function avatarBody(db: Db, file: string) {
  const [row] = await db.select({ body: lomAvatars.body }).from(lomAvatars).where(eq(lomAvatars.file, file));
  return row?.body;
}
