import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Notifications } from './db/notifications.ts';
import type { Mailer } from './mail.ts';

/** What every feature's routes receive: no globals, so tests build their own. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /**
   * The database's notifications (LISTEN/NOTIFY, or PGlite's own), for the live actions counter. An app built
   * without them (a bench tool) counts at connection and at midnight only.
   */
  notifications?: Notifications;
}
