import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { listenNotifications } from './db/notifications.ts';
import { users } from './db/schema/index.ts';
import { seedDemo } from './demo/seed.ts';
import { DEMO_USERS } from './demo/users.ts';
import { keepStandardPeriods } from './domain/aggregates/standard-periods.ts';
import { type AlertEngine, startAlertEngine } from './domain/alerts/engine.ts';
import { startCollector } from './domain/collect/scheduler.ts';
import { buildSearchIndex } from './domain/search/search-index-queries.ts';
import { collectDepsOf } from './features/feeds/service.ts';
import { createLifecycle, drain } from './http/drain.ts';
import { createMailer } from './mail.ts';

const config = loadConfig();
const database = openDatabase({
  url: config.databaseUrl,
  readUrl: config.databaseReadUrl,
  dataDir: config.dataDir,
  routingEvents: {
    onWriteOnReplica: (statement) =>
      console.warn(
        `A GET wrote outside onPrimary; the primary ran it after the replica refused: ${statement}`,
      ),
    onReplicaUnavailable: (error) =>
      console.warn(`The replica could not answer (${error.message}); the primary did.`),
  },
});
const lifecycle = createLifecycle('starting');
const mailer = createMailer(database.db, console, config.smtpUrl);
// One listening connection per process for the live actions counter (docs/logs.md "The live counter"), the bell and
// the alert engine's wake-up on a committed batch (docs/alerts.md "Engine").
const notifications = listenNotifications(
  database,
  ['user_actions', 'notifications', 'alert_inbox'],
  (error) => console.warn(`Соединение LISTEN потеряно (${error.message}); переподключаемся.`),
);

// Listen first, then migrate: a restarted instance takes connections at once and answers 503 (readiness included)
// until the database is ready, instead of refusing connections for seconds (docs/operations.md).
const app = await buildApp(
  {
    config,
    db: database.db,
    mailer,
    notifications,
  },
  { logger: process.env.LOG_LEVEL !== 'silent', lifecycle },
);

let shuttingDown = false;
/** The alert engine of this process, once the database is ready (ALERTS=off: none). */
let alertEngine: AlertEngine | null = null;
/** The collectors' scheduler of this process, once the database is ready (COLLECT=off: none). */
let collector: ReturnType<typeof startCollector> | null = null;

/** Drain within the deadline, then close the database: exit 0 after a clean drain, 1 when the deadline forced it. */
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) {
    console.log(`${signal} во время остановки: закрываем соединения немедленно.`);
    app.server.closeAllConnections();
    process.exit(1);
  }
  shuttingDown = true;
  console.log(`${signal}: останавливаемся, ждём текущие запросы до ${config.shutdownTimeoutMs} мс…`);
  let code = 0;
  try {
    const outcome = await drain(app, {
      timeoutMs: config.shutdownTimeoutMs,
      noticeMs: config.shutdownNoticeMs,
    });
    if (outcome === 'forced') {
      console.log('Срок остановки истёк: незавершённые запросы прерваны.');
      code = 1;
    }
  } catch (error) {
    console.error('Ошибка при остановке сервера:', error);
    code = 1;
  }
  // The engine's round in progress ends before the database closes (a send cut here is sent again: its lease expires).
  await alertEngine
    ?.stop()
    .catch((error: unknown) => console.error('Ошибка при остановке оповещений:', error));
  // Fetches in flight end first; one cut here is taken again by the next poll once its lease expires.
  await collector?.stop().catch((error: unknown) => console.error('Ошибка при остановке сбора:', error));
  // A request cut at the deadline may still hold a database connection; do not let closing the pool hang.
  await notifications.close().catch(() => {});
  const closed = await Promise.race([
    database.close().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref()),
  ]).catch((error: unknown) => {
    console.error('Ошибка при закрытии базы:', error);
    return false;
  });
  process.exit(closed ? code : 1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void shutdown(signal));
}

/** Listen, then prepare the database; readiness turns 200 at the end. */
async function start(): Promise<void> {
  await app.listen({ port: config.port, host: config.host });
  await database.migrate();
  const hasUsers = (await database.db.select({ id: users.id }).from(users).limit(1)).length > 0;
  if (!hasUsers && !shuttingDown) {
    const started = Date.now();
    console.log(`Первый запуск: загружаем демо-данные (${config.demoMessages} сообщений)…`);
    await seedDemo(database, {
      messages: config.demoMessages,
      onProgress: (line) => console.log(`  ${line}`),
    });
    console.log(`Демо-данные загружены за ${Math.round((Date.now() - started) / 1000)} с.`);
  }
  if (shuttingDown) return;
  // Vectors of the messages stored before the search index (migration 0038), then its GIN index: in the background,
  // in batches, so the server serves meanwhile (docs/search.md "The index"); a no-op once the index is built.
  buildSearchIndex(database, (line) => console.log(line)).catch((error: unknown) =>
    console.error('Не удалось построить поисковый индекс:', error),
  );
  // The standard periods' windows move with the Moscow day (docs/aggregates.md "Standard periods").
  keepStandardPeriods(database.db, (error) =>
    console.error('Не удалось сдвинуть стандартные периоды:', error),
  );
  // Alerts, deliveries and digests (docs/alerts.md "Engine"); several instances may run it on one database.
  if (config.alertsEngine && !shuttingDown) {
    alertEngine = startAlertEngine({
      db: database.db,
      config,
      mailer,
      notifications,
    });
  }
  // The collectors (docs/collectors.md): each due feed is leased to one instance; «Собрать сейчас» shares the
  // per-host politeness of this process with them (collectDepsOf).
  if (config.collect && !shuttingDown) {
    collector = startCollector({
      db: database.db,
      deps: collectDepsOf({ db: database.db, config }),
      instanceId: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
      concurrency: config.collectConcurrency,
      itemsPerSecond: config.collectItemsPerSecond,
    });
  }
  lifecycle.markServing();

  const url = `http://localhost:${config.port}`;
  console.log(
    `\nMonitoring: ${url}  (API: ${url}/api/docs, среда: ${config.appEnv}, база: ${database.kind})`,
  );
  console.log('Демо-входы:');
  for (const u of DEMO_USERS)
    console.log(`  ${u.login.padEnd(14)} ${u.password.padEnd(12)} роль ${u.role}: ${u.description}`);
}

start().catch(async (error: unknown) => {
  if (shuttingDown) return; // the shutdown exits the process
  console.error('Не удалось запустить сервер:', error);
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
});
