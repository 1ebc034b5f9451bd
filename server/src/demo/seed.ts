import type { Database } from '../db/client.ts';
import { proposeThemes } from '../domain/ai-themes/propose.ts';
import { assignLomTypesByThemes } from '../domain/lom-types-ai/assign.ts';
import { seedActionLog } from './action-log.ts';
import { seedAdminDirectories } from './admin-directories.ts';
import { seedAdminLoms } from './admin-loms.ts';
import { runDemoAlerts, seedAlerts } from './alerts.ts';
import {
  createIndexes,
  dropSecondaryIndexes,
  resetSequences,
  restoreForeignKeyChecks,
  skipForeignKeyChecks,
  truncateAll,
} from './bulk.ts';
import { seedFeeds } from './feeds.ts';
import { finalize } from './finalize.ts';
import { generateAccounts } from './generate/accounts.ts';
import { generateAudience } from './generate/audience.ts';
import type { World } from './generate/context.ts';
import { generateDirectories } from './generate/directories.ts';
import { Loader } from './generate/loader.ts';
import { generateLomExtras } from './generate/lom-extras.ts';
import { generateLomLinks } from './generate/lom-links.ts';
import { generateLoms, lomCountFor } from './generate/loms.ts';
import { generateMessages } from './generate/messages.ts';
import { generateNews } from './generate/news.ts';
import { generateOther } from './generate/other.ts';
import { generateThemes } from './generate/themes.ts';
import { generateUserAdmin } from './generate/user-admin.ts';
import { generateUserState } from './generate/user-state.ts';
import { seedIncoming } from './incoming.ts';
import { seedMoodModel } from './mood-model.ts';
import { seedNewDashboards } from './new-dashboards.ts';
import { Random } from './random.ts';
import { type BulkTarget, executeOutside, inTransaction } from './writer.ts';

export const DEFAULT_SEED = 1;
export const DEFAULT_MESSAGES = 100_000;

export interface SeedOptions {
  messages: number;
  /** Number of loms; by default it follows the message volume (lomCountFor). */
  loms?: number;
  /** Themes in total: generated ones are added after the curated and AI themes (the bench's 500). */
  themes?: number;
  seed?: number;
  /** Delete all data first; without it a database that has messages or users is refused. */
  reset?: boolean;
  /** The moment the year of messages ends at; defaults to the current time. */
  now?: Date;
  onProgress?: (line: string) => void;
}

export interface SeedSummary {
  seed: number;
  messages: number;
  fragments: number;
  quotes: number;
  markups: number;
  loms: number;
  lomSources: number;
  themes: number;
  infoReasons: number;
  users: number;
  rollupRows: number;
  milliseconds: number;
}

/** Thrown when the database already holds messages or users and reset was not asked for. */
export class SeedRefusedError extends Error {}

/** Tables written in bulk: their secondary indexes are built once, after the load. */
const BULK_TABLES = [
  'messages',
  'fragments',
  'fragment_tags',
  'quotes',
  'message_markups',
  'message_comments',
  'message_rubrics',
  'message_tags',
  'message_personal_tags',
  'message_daily_stats',
  'lom_day_stats',
  'lom_subscriber_history',
];

async function count(target: BulkTarget, table: string): Promise<number> {
  const [row] = await target.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
  return row.n;
}

/**
 * Fills the database with deterministic, Russian-language demo data: directories, users,
 * themes, loms with audiences, `messages` messages over the last year with their
 * fragments, quotes and markups, and the rollups. One transaction: it commits whole or not at all.
 */
export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(options.messages) || options.messages < 1) {
    throw new RangeError(`messages must be a positive integer, got ${options.messages}`);
  }
  if (options.loms !== undefined && (!Number.isInteger(options.loms) || options.loms < 1)) {
    throw new RangeError(`loms must be a positive integer, got ${options.loms}`);
  }
  if (options.themes !== undefined && (!Number.isInteger(options.themes) || options.themes < 1)) {
    throw new RangeError(`themes must be a positive integer, got ${options.themes}`);
  }
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const progress = options.onProgress ?? (() => undefined);

  const summary = await inTransaction(database, async (target) => {
    // Users alone also count as data: a database someone set up by hand is never wiped silently.
    const existing = await count(target, 'messages');
    const accounts = await count(target, 'users');
    if ((existing > 0 || accounts > 0) && !options.reset) {
      throw new SeedRefusedError(
        `В базе уже есть данные (сообщений: ${existing}, пользователей: ${accounts}). ` +
          'Чтобы удалить все данные и загрузить демо заново, запустите с флагом --reset.',
      );
    }
    await truncateAll(target);
    const triggersSkipped = await skipForeignKeyChecks(target);
    const indexes = await dropSecondaryIndexes(target, BULK_TABLES);

    const world: World = {
      random: new Random(seed),
      loader: new Loader(target),
      now: options.now ?? new Date(),
      messageCount: options.messages,
      lomCount: options.loms ?? lomCountFor(options.messages),
      themeCount: options.themes,
      progress,
      users: [],
      organizationIds: [],
      sources: [],
      regions: [],
      headingIds: [],
      channelIds: [],
      lomTypeIds: { category: [], segment: [], interest: [], plain: [] },
      lomFocusIds: [],
      interestIds: [],
      producerCenters: [],
      listAndTypeIds: [],
      rubrics: [],
      tagIds: [],
      themes: [],
      loms: [],
      newsByReason: new Map(),
      personalTagIds: [],
    };
    progress('Пользователи, темы и справочники…');
    await generateAccounts(world);
    await generateThemes(world);
    await generateDirectories(world);
    progress('ЛОМ, аккаунты и аудитория…');
    await generateLoms(world);
    await generateLomLinks(world);
    await generateAudience(world);
    await generateLomExtras(world);
    await generateNews(world);
    await generateMessages(world);
    progress('Беседы, маркерные панели, дашборды…');
    await generateOther(world);
    await generateUserState(world);
    await generateUserAdmin(world);

    // Aggregates first: they scan whole tables and need no secondary index, and the
    // rollup's own indexes are then built once over its final rows.
    progress('Сводные таблицы и метрики ЛОМ…');
    await target.exec(`set local work_mem = '256MB'`);
    await finalize(target, world.now);
    await resetSequences(target);
    progress(`Индексы (${indexes.length})…`);
    await target.exec(`set local maintenance_work_mem = '256MB'`);
    await createIndexes(target, indexes);
    if (triggersSkipped) await restoreForeignKeyChecks(target);

    return {
      seed,
      messages: await count(target, 'messages'),
      fragments: await count(target, 'fragments'),
      quotes: await count(target, 'quotes'),
      markups: await count(target, 'message_markups'),
      loms: world.loms.length,
      lomSources: await count(target, 'lom_sources'),
      themes: world.themes.length,
      infoReasons: await count(target, 'info_reasons'),
      users: world.users.length,
      rollupRows: await count(target, 'message_daily_stats'),
      milliseconds: 0,
    };
  });
  // Statistics for the planner, and the visibility map that lets the list queries run as
  // index-only scans; a freshly loaded table has neither until (auto)vacuum passes by.
  progress('Новые дашборды и отчёт…');
  await seedNewDashboards(database.db);
  await seedAdminLoms(database.db);
  progress('Дубли тем и инфоповодов для администрирования…');
  await seedAdminDirectories(database.db);
  await seedActionLog(database.db);
  // issue 31: feeds of part of the loms' Telegram and VK accounts and three news sites' RSS, all off (demo/feeds.ts).
  const feeds = await seedFeeds(database.db);
  progress(`Ленты сбора (выключены): Telegram ${feeds.telegram}, ВКонтакте ${feeds.vk}, RSS ${feeds.rss}`);
  // issue 18: a mood model trained on the demo's verified messages, and its marks (demo/mood-model.ts).
  progress('Модель тональности…');
  await seedMoodModel(database.db, progress);
  // issue 18: a slice of the sample file through the ingestion, as the crawler would send it (demo/incoming.ts).
  // issue 30: alerts and digests first, so that the incoming batch is queued for them (demo/alerts.ts).
  const made = await seedAlerts(database.db, options.now ?? new Date());
  progress(`Оповещения: ${made.alerts}, дайджесты: ${made.digests}`);
  progress('Входящие сообщения (образец, через приём)…');
  const incoming = await seedIncoming(database.db, options.now ?? new Date(), options.messages);
  progress(`Входящие сообщения: принято ${incoming.created}, отклонено ${incoming.rejected}`);
  const fired = await runDemoAlerts(database.db, options.now ?? new Date());
  progress(`Оповещения сработали: ${fired.events}, уведомлений: ${fired.notifications}`);
  // issue 18: AI theme proposals from the unthemed recent messages, so /themes-ai is full on first start.
  progress('Темы ИИ: кластеризация сообщений без темы…');
  await database.db.transaction((tx) => proposeThemes(tx, null));
  // issue 18: lom types of the themes the loms keep writing about, marked assigned_by_ai (docs/loms.md).
  const lomTypesByAi = await assignLomTypesByThemes(database.db);
  progress(`Типы ЛОМ по темам сообщений (ИИ): ${lomTypesByAi.added}`);
  progress('VACUUM ANALYZE…');
  await executeOutside(database, 'vacuum analyze');
  return { ...summary, milliseconds: Math.round(performance.now() - started) };
}
