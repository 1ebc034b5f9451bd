// A quick check of the /logs queries over a million-row log (not the bench): seeds a scratch PostgreSQL database
// with ensureActionLog and times each filter's page and count. DATABASE_URL=postgres://…/scratch npx tsx bench/logs-perf-check.ts
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { listPage } from '../src/features/logs/service.ts';
import { ensureActionLog } from './setup.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL');
const database = openDatabase({ url });
await database.migrate();
const present = await database.db.select({ id: users.id }).from(users).limit(1);
if (present.length === 0) {
  await database.db.insert(users).values(
    Array.from({ length: 8 }, (_, i) => ({
      username: `u${i}`,
      email: `u${i}@x.test`,
      passwordHash: 'x',
      role: (i % 4) + 1,
    })),
  );
}
await ensureActionLog(database, 1_000_000);
await database.db.execute(sql`vacuum analyze user_actions`);
const day = (back: number) => new Date(Date.now() - back * 86_400_000);
const cases: [string, Record<string, unknown>][] = [
  ['none', {}],
  ['user', { user_in: [2] }],
  ['type', { type_in: [5] }],
  ['type_not_in', { type_not_in: [1, 2] }],
  ['action', { action_in: ['theme.rename'] }],
  ['message', { message_in: [1000, 2000, 3000] }],
  ['theme', { theme_in: [3] }],
  ['info reason', { info_reason_in: [5] }],
  ['lom', { lom_in: [10] }],
  ['month', { created_at_after: day(30), created_at_before: day(0) }],
  ['page 400', { page: 400 }],
  ['user+type+week', { user_in: [2], type_in: [1], created_at_after: day(7) }],
];
for (const [name, filter] of cases) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await listPage(database.db, { page: 1, page_size: 25, ...filter });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(16)} p50 ${times[10].toFixed(1)} ms  p95 ${times[18].toFixed(1)} ms`);
}
await database.close();
