/**
 * The ids the bench's and the soak's calls ask, found in the seeded database (never constants: a constant id exists
 * at one size and not at another, as news 2400 did only at 1M). Each pick says which record of the seed it stands for.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/db/client.ts';
import { everyLomDashboard } from './setup.ts';

export interface ScenarioFixtures {
  /** The three themes with the most messages, heaviest first: the theme dashboard, relation and home tabs. */
  themes: [number, number, number];
  /** The info reason with the most messages. */
  infoReason: number;
  /** The lom with the most messages: its card and dynamic graphs. */
  lom: number;
  /** The producer center with the most loms: its graphs. */
  producerCenter: number;
  /** The first social panel (the /social-panel nav link opens it). */
  socialPanel: number;
  /** The administrator's first new dashboard (over its lom groups). */
  newDashboard: number;
  /** The administrator's showcase dashboard over every lom (made when an older seed lacks it). */
  everyLomDashboard: number;
  /** The news story with the most messages. */
  news: number;
  /** The newest conversation. */
  conversation: number;
  /** The editor's id: the action log's user filter. */
  logUser: number;
  /** Three messages that the action log names: its message filter. */
  logMessages: number[];
  /**
   * The editor's alert with the most events (the demo's «Ремонт дорог и дворов»): its events list. Null in a
   * database seeded before the alerts (issue 30), whose bench then leaves that row out.
   */
  editorAlert: number | null;
  /**
   * The feed with the longest fetch log (the demo's feeds are off and have none: the first one): its runs list. Null
   * in a database seeded before the collectors (issue 31), whose bench then leaves that row out.
   */
  feed: number | null;
}

type Db = Database['db'];

async function firstId(db: Db, query: ReturnType<typeof sql>, what: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, query);
  if (row?.id === undefined || row.id === null)
    throw new Error(`The bench needs ${what} in the seeded database`);
  return Number(row.id);
}

export async function findScenarioFixtures(db: Db): Promise<ScenarioFixtures> {
  const themes = (
    await queryRows<{ id: number }>(
      db,
      sql`select theme_id as id from theme_day_stats group by theme_id
           order by sum(message_count) desc, theme_id limit 3`,
    )
  ).map((r) => Number(r.id));
  if (themes.length < 3) throw new Error('The bench needs three themes with messages in the seeded database');
  // The newest logged messages; a seed whose log names none (the demo logs no message edits below 1M) falls back to
  // the first messages, which the filter then finds nothing for: still the filter's work.
  const logMessages = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from (
            (select distinct message_id as id from
               (select message_id from user_actions where message_id is not null order by id desc limit 50) a
             order by id limit 3)
            union all (select id from messages order by id limit 3)) m limit 3`,
    )
  ).map((r) => Number(r.id));
  return {
    themes: themes as [number, number, number],
    infoReason: await firstId(
      db,
      sql`select info_reason_id as id from messages where info_reason_id is not null
           group by info_reason_id order by count(*) desc, info_reason_id limit 1`,
      'an info reason with messages',
    ),
    lom: await firstId(
      db,
      sql`select lom_id as id from lom_day_stats group by lom_id
           order by sum(message_count) desc, lom_id limit 1`,
      'a lom with messages',
    ),
    producerCenter: await firstId(
      db,
      sql`select producer_center_id as id from lom_producer_centers group by producer_center_id
           order by count(*) desc, producer_center_id limit 1`,
      'a producer center with loms',
    ),
    socialPanel: await firstId(db, sql`select id from social_panels order by id limit 1`, 'a social panel'),
    newDashboard: await firstId(
      db,
      sql`select d.id from new_dashboards d join users u on u.id = d.user_id
           where u.username = 'admin' order by d.id limit 1`,
      "the administrator's new dashboard",
    ),
    everyLomDashboard: await everyLomDashboard(db),
    news: await firstId(
      db,
      sql`select news_id as id from messages where news_id is not null
           group by news_id order by count(*) desc, news_id limit 1`,
      'a news story with messages',
    ),
    conversation: await firstId(
      db,
      sql`select id from conversations order by wrote_at desc, id desc limit 1`,
      'a conversation',
    ),
    logUser: await firstId(db, sql`select id from users where username = 'editor'`, 'the demo editor'),
    logMessages,
    editorAlert:
      (
        await queryRows<{ id: number }>(
          db,
          sql`select a.id from alerts a join users u on u.id = a.user_id
               where u.username = 'editor'
               order by (select count(*) from alert_events e where e.alert_id = a.id) desc, a.id limit 1`,
        )
      ).map((r) => Number(r.id))[0] ?? null,
    feed:
      (
        await queryRows<{ id: number }>(
          db,
          sql`select f.id from feeds f
               order by (select count(*) from feed_runs r where r.feed_id = f.id) desc, f.id limit 1`,
        )
      ).map((r) => Number(r.id))[0] ?? null,
  };
}
