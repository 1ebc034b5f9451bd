import { readFileSync } from 'node:fs';
import {
  type ListEnvelope,
  type OutboxItem,
  type OutboxQuery,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TTL_HOURS,
  type SettingsEnvironment,
} from '@monitoring/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../http/pagination.ts';
import { presentOutboxMail } from './presenter.ts';
import { outboxPage } from './queries.ts';

const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/** The read-only configuration an administrator may see: never a secret, a URL or a password. */
export function environmentOf(config: Config): SettingsEnvironment {
  return {
    version: VERSION,
    app_env: config.appEnv,
    database: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    read_replica: Boolean(config.databaseReadUrl),
    smtp_configured: Boolean(config.smtpUrl),
    demo_data: config.demoMessages > 0,
    demo_messages: config.demoMessages,
    time_zone: 'Europe/Moscow (UTC+3)',
    token_lifetime: 'Без ограничения по времени: до смены пароля, сброса или деактивации',
    password_reset_link_hours: PASSWORD_RESET_TTL_HOURS,
    password_min_length: PASSWORD_MIN_LENGTH,
    login_rate_limit: config.loginRateLimit,
    login_failures_per_account: config.loginFailuresPerAccount,
  };
}

/** The mail kept instead of sent (no SMTP_URL): what an administrator forwards by hand. */
export async function listOutbox(db: Db, query: OutboxQuery): Promise<ListEnvelope<OutboxItem>> {
  const rows = await outboxPage(db, query.page, query.page_size);
  return envelope(rows, query.page, query.page_size, presentOutboxMail);
}
