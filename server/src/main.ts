import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { seedDemo } from './demo/seed.ts';
import { DEMO_USERS } from './demo/users.ts';
import { createMailer } from './mail.ts';

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();

const hasUsers = (await database.db.select({ id: users.id }).from(users).limit(1)).length > 0;
if (!hasUsers) {
  const started = Date.now();
  console.log(`Первый запуск: загружаем демо-данные (${config.demoMessages} сообщений)…`);
  await seedDemo(database, { messages: config.demoMessages, onProgress: (line) => console.log(`  ${line}`) });
  console.log(`Демо-данные загружены за ${Math.round((Date.now() - started) / 1000)} с.`);
}

const app = await buildApp(
  { config, db: database.db, mailer: createMailer(database.db, console, config.smtpUrl) },
  { logger: process.env.LOG_LEVEL !== 'silent' },
);
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
console.log(`\nMonitoring: ${url}  (API: ${url}/api/docs, среда: ${config.appEnv}, база: ${database.kind})`);
console.log('Демо-входы:');
for (const u of DEMO_USERS)
  console.log(`  ${u.login.padEnd(14)} ${u.password.padEnd(12)} роль ${u.role}: ${u.description}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
