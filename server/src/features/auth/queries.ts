import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, passwordResetTokens, users } from '../../db/schema/index.ts';

export async function findUserByLogin(db: Db, login: string) {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPasswordHash(db: Db, userId: number) {
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return rows[0]?.hash ?? null;
}

export async function insertToken(db: Db, userId: number, keyHash: string) {
  await db.transaction(async (tx) => {
    await tx.insert(authTokens).values({ userId, keyHash });
    await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
  });
}

export async function deleteToken(db: Db, keyHash: string) {
  await db.delete(authTokens).where(eq(authTokens.keyHash, keyHash));
}

/** Sets the password and revokes every token of the user but `keepTokenId`, in one transaction. */
export async function setPasswordKeepingSession(
  db: Db,
  userId: number,
  keepTokenId: number,
  passwordHash: string,
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId)));
  });
}

export async function insertResetToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/** Consumes a valid reset token and sets the password in one transaction; false if the token is not valid. */
export async function resetPasswordWithToken(
  db: Db,
  userId: number,
  tokenHash: string,
  passwordHash: string,
) {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.userId, userId),
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // A new password ends every open session.
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    return true;
  });
}
