import { createHash, randomBytes } from 'node:crypto';
import { WRONG_CREDENTIALS_TEXT } from '@monitoring/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { hashToken, newTokenKey } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import type { Mailer } from '../../mail.ts';
import * as queries from './queries.ts';

const RESET_TTL_MS = 24 * 60 * 60 * 1000;
// Verified when the login is unknown, so a wrong login costs as much as a wrong password.
const DUMMY_HASH = await hash('not-a-real-password');

export async function login(db: Db, username: string, password: string): Promise<string> {
  const user = await queries.findUserByLogin(db, username);
  const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !valid || !user.isActive) throw badRequest(WRONG_CREDENTIALS_TEXT, 'password');
  const key = newTokenKey();
  await queries.insertToken(db, user.id, hashToken(key));
  return key;
}

export async function changePassword(db: Db, userId: number, oldPassword: string, password: string) {
  const current = await queries.findPasswordHash(db, userId);
  if (!current || !(await verify(current, oldPassword))) {
    throw badRequest('Текущий пароль указан неверно', 'old_password');
  }
  await queries.setPassword(db, userId, await hash(password));
}

const resetHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sends a reset link when the address is known; answers the same either way. */
export async function requestPasswordReset(db: Db, mailer: Mailer, email: string, origin: string) {
  const user = await queries.findUserByEmail(db, email);
  if (!user) return;
  const token = randomBytes(24).toString('hex');
  await queries.insertResetToken(db, user.id, resetHash(token), new Date(Date.now() + RESET_TTL_MS));
  await mailer({
    to: user.email,
    subject: 'Восстановление пароля',
    body: `Чтобы задать новый пароль, откройте ссылку: ${origin}/reset-password?id=${user.id}&token=${token}\nСсылка действует 24 часа.`,
  });
}

export async function confirmPasswordReset(db: Db, userId: number, token: string, password: string) {
  const ok = await queries.resetPasswordWithToken(db, userId, resetHash(token), await hash(password));
  if (!ok) throw badRequest('Ссылка для восстановления пароля недействительна или устарела', 'token');
}
