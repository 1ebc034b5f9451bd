import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_TTL_HOURS,
  RESET_LINK_INVALID_TEXT,
  WRONG_CREDENTIALS_TEXT,
} from '@monitoring/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.ts';
import { hashToken, newTokenKey } from '../../http/auth.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Mailer } from '../../mail.ts';
import type { LoginThrottle } from './login-throttle.ts';
import * as queries from './queries.ts';

const RESET_TTL_MS = PASSWORD_RESET_TTL_HOURS * 60 * 60 * 1000;
// Verified when the login is unknown, so a wrong login costs as much as a wrong password.
const DUMMY_HASH = await hash('not-a-real-password');

/** Sign-in from the client at `address` (the socket's, or the one a trusted proxy forwards). */
export async function login(
  db: Db,
  throttle: LoginThrottle,
  address: string,
  username: string,
  password: string,
): Promise<string> {
  const wait = throttle.retryAfter(username, address);
  if (wait > 0) {
    throw new HttpError(
      429,
      `Слишком много неудачных попыток входа для этого логина с вашего адреса. Повторите через ${Math.ceil(wait / 60_000)} мин.`,
    );
  }
  const user = await queries.findUserByLogin(db, username);
  const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !valid || !user.isActive) {
    throttle.fail(username, address);
    throw badRequest(WRONG_CREDENTIALS_TEXT, 'password');
  }
  throttle.succeed(username, address);
  const key = newTokenKey();
  await queries.insertToken(db, user.id, hashToken(key));
  return key;
}

/** Logout: the token stops working at once (an unknown token is no error). */
export async function logout(db: Db, key: string): Promise<void> {
  await queries.deleteToken(db, hashToken(key));
}

/** A new password ends every other session of the user; the one that changed it stays. */
export async function changePassword(
  db: Db,
  session: { userId: number; tokenId: number },
  oldPassword: string,
  password: string,
) {
  const current = await queries.findPasswordHash(db, session.userId);
  if (!current || !(await verify(current, oldPassword))) {
    throw badRequest('Текущий пароль указан неверно', 'old_password');
  }
  await queries.setPasswordKeepingSession(db, session.userId, session.tokenId, await hash(password));
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
  if (!ok) throw badRequest(RESET_LINK_INVALID_TEXT, 'token');
}
