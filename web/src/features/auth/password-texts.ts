import { PASSWORD_MIN_LENGTH } from '@monitoring/contracts';

/** Russian text of the password forms (reset link, profile). */
export const PASSWORD_TEXTS = {
  newHeading: 'Новый пароль',
  newPassword: 'Новый пароль',
  repeat: 'Повторите пароль',
  save: 'Сохранить пароль',
  required: 'Введите пароль',
  repeatRequired: 'Повторите пароль',
  tooShort: `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`,
  mismatch: 'Пароли не совпадают',
  resetDone: 'Пароль изменён. Войдите с новым паролем.',
  toLogin: 'Перейти ко входу',
} as const;
