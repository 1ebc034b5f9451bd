import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail.ts';

/** What every feature's routes receive: no globals, so tests build their own. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
}
