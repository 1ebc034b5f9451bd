import { PASSWORD_RESET_SENT_TEXT } from '@monitoring/contracts';

/** Russian text of the login-like pages. */
export const AUTH_TEXTS = {
  loginHeading: 'Вход в систему',
  username: 'Логин',
  password: 'Пароль',
  submit: 'Войти',
  forgotPassword: 'Забыли пароль?',
  resetHeading: 'Восстановление пароля',
  email: 'Электронная почта',
  emailRequired: 'Введите адрес электронной почты',
  emailInvalid: 'Введите корректный адрес электронной почты',
  resetSubmit: 'Отправить ссылку',
  resetSent: PASSWORD_RESET_SENT_TEXT,
  backToLogin: 'Вернуться ко входу',
} as const;
