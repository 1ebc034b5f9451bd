import { PASSWORD_MIN_LENGTH } from '@monitoring/contracts';

export const PROFILE_PASSWORD_TEXTS = {
  heading: 'Сменить пароль',
  oldPassword: 'Текущий пароль',
  newPassword: 'Новый пароль',
  repeat: 'Повторите новый пароль',
  submit: 'Сменить пароль',
  oldRequired: 'Введите текущий пароль',
  newRequired: 'Введите новый пароль',
  repeatRequired: 'Повторите новый пароль',
  minLength: PASSWORD_MIN_LENGTH,
  tooShort: `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`,
  mismatch: 'Пароли не совпадают',
  done: 'Пароль изменён. Другие сеансы завершены.',
} as const;
