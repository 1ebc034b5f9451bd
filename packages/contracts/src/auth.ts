import { z } from 'zod';
import { idParam } from './input.ts';
import { NAMED_PERMISSIONS } from './permissions.ts';

/** Logging in, the logged-in user and their password. */
export const AUTH_PATHS = {
  login: '/api/v1/auth/login/',
  /**
   * Not in the spec (api.md §7.1: "No logout call exists"): it revokes the token and clears the counter's HttpOnly
   * cookie, which the browser's script cannot clear itself (docs/logs.md "Logout").
   */
  logout: '/api/v1/auth/logout/',
  /** GET the user behind the token. */
  me: '/api/v1/users/me/',
  changePassword: '/api/v1/users/change_password/',
  /** POST an address; a letter with a link to confirm-password follows. */
  passwordReset: '/api/v1/password-reset/',
  confirmPassword: '/api/v1/confirm-password/:id/:token/',
} as const;

export const loginBody = z.object({
  username: z.string().trim().min(1, 'Введите логин').max(150),
  password: z.string().min(1, 'Введите пароль').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const WRONG_CREDENTIALS_TEXT = 'Неверный логин или пароль';
export const TOO_MANY_LOGINS_TEXT = 'Слишком много попыток входа. Повторите через минуту.';

export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string(), kind: z.number().int() }).nullable(),
  /** Every permission (old-style and named) that passes a check for this user. */
  scope: z.array(z.string()),
  /** Named permissions held directly (the user's "new list"). */
  user_ui_permissions: z.array(z.enum(NAMED_PERMISSIONS).or(z.string())),
  permissions: z.array(z.string()),
  daily_dashboard_permissions: z.array(z.object({ codename: z.string() })),
  is_admin: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const PASSWORD_MIN_LENGTH = 8;
/** A reset link works this long, once. */
export const PASSWORD_RESET_TTL_HOURS = 24;
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`)
  .max(200, 'Пароль слишком длинный');

/** The one answer to a reset link that is wrong, used, expired or tampered with. */
export const RESET_LINK_INVALID_TEXT = 'Ссылка для восстановления пароля недействительна или устарела';

export const passwordResetBody = z.object({ email: z.email('Введите корректный адрес электронной почты') });
export const confirmPasswordParams = z.object({
  id: idParam,
  // Any text: a tampered token gets the service's one answer (RESET_LINK_INVALID_TEXT), not a validation message.
  token: z.string().min(1).max(200),
});
export const confirmPasswordBody = z.object({ password: newPassword });
export const changePasswordBody = z
  .object({
    old_password: z.string().min(1, 'Введите текущий пароль'),
    password: newPassword,
    password2: z.string(),
  })
  .refine((b) => b.password === b.password2, { message: 'Пароли не совпадают', path: ['password2'] });

export const PASSWORD_RESET_SENT_TEXT = 'Если адрес зарегистрирован, мы отправили письмо со ссылкой.';
export const detailResponse = z.object({ detail: z.string() });
