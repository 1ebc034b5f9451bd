import { Descriptions, Spin } from 'antd';
import { useSettingsEnvironment } from '../../api/settings.ts';

const yes = (value: boolean) => (value ? 'да' : 'нет');

/** «Окружение»: the read-only, non-secret configuration. */
export function EnvironmentTab() {
  const env = useSettingsEnvironment();
  if (!env.data) return <Spin />;
  const e = env.data;
  return (
    <Descriptions
      bordered
      column={1}
      items={[
        { key: 'version', label: 'Версия', children: e.version },
        { key: 'env', label: 'Среда', children: e.app_env },
        { key: 'db', label: 'База данных', children: e.database },
        { key: 'replica', label: 'Реплика для чтения', children: yes(e.read_replica) },
        {
          key: 'smtp',
          label: 'Почта (SMTP) настроена',
          children: e.smtp_configured ? 'да' : 'нет: письма в исходящих (outbox)',
        },
        {
          key: 'demo',
          label: 'Демо-данные',
          children: e.demo_data ? `да (${e.demo_messages} сообщений)` : 'нет',
        },
        { key: 'tz', label: 'Часовой пояс', children: e.time_zone },
        { key: 'token', label: 'Срок действия сеанса', children: e.token_lifetime },
        {
          key: 'reset',
          label: 'Ссылка сброса пароля действует',
          children: `${e.password_reset_link_hours} ч`,
        },
        { key: 'pw', label: 'Минимальная длина пароля', children: e.password_min_length },
        { key: 'rate', label: 'Попыток входа в минуту с адреса', children: e.login_rate_limit },
        {
          key: 'fail',
          label: 'Неудачных входов на логин за 15 минут',
          children: e.login_failures_per_account,
        },
      ]}
    />
  );
}
