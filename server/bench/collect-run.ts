/**
 * One pass of `npm run bench:collect -- --separate` (collect-measure.ts): the collector as a second instance of
 * its own, on DATABASE_URL, as a deployment that keeps collection off the serving instances runs it (COLLECT=on on
 * one, COLLECT=off on the others; the leases keep each feed to one poller). Runs until the database holds EXPECTED
 * runs, then prints `{"wallMs": …, "cpuMs": …}`.
 *   DATABASE_URL=… node --import tsx bench/collect-run.ts EXPECTED CONCURRENCY [PACE]
 */
import { sql } from 'drizzle-orm';
import { COLLECT_CONCURRENCY } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { HostGate } from '../src/domain/collect/host-gate.ts';
import { startCollector } from '../src/domain/collect/scheduler.ts';
import { createOutboundClient } from '../src/http/outbound.ts';

const EXPECTED = Number(process.argv[2]);
const CONCURRENCY = Number(process.argv[3] ?? COLLECT_CONCURRENCY);
const PACE = Number(process.argv[4] ?? 0);
const url = process.env.DATABASE_URL;
if (!url || !Number.isInteger(EXPECTED)) throw new Error('DATABASE_URL and EXPECTED are needed');

const database = openDatabase({ url });
const count = async () =>
  Number((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from feed_runs`))[0].n);
await count();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const collector = startCollector({
  db: database.db,
  deps: {
    outbound: createOutboundClient({ allow: ['127.0.0.0/8'] }),
    telegramWebBase: 'https://t.me',
    vkApiBase: 'https://api.vk.com',
    hostGate: new HostGate(),
  },
  instanceId: 'bench-separate',
  concurrency: CONCURRENCY,
  itemsPerSecond: PACE,
  pollMs: 100,
  onError: (error) => console.error('Сбор:', error),
});
while ((await count()) < EXPECTED) await new Promise((resolve) => setTimeout(resolve, 100));
const wallMs = performance.now() - t0;
await collector.stop();
const cpu = process.cpuUsage(cpu0);
console.log(JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000 }));
await database.close();
