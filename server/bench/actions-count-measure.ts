// Measures the live actions counter (issue 16; not a test): the server's memory with 1,000 idle streams, and how
// long an action takes to reach 100 connected clients. Runs the server as its own process (bench/server-process.ts)
// on DATABASE_URL (PostgreSQL, LISTEN/NOTIFY) or, without it, on an embedded database in a temporary folder.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch npx tsx bench/actions-count-measure.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTIONS_COUNT_COOKIE, ACTIONS_COUNT_PATHS, THEME_LIST_PATHS } from '@monitoring/contracts';
import { connectSse, type SseClient } from '../src/features/actions-count/sse-client.ts';
import { startServer } from './server-process.ts';
import { tokenFor } from './setup.ts';

const IDLE = Number(process.env.IDLE_STREAMS ?? 1000);
const FANOUT = Number(process.env.FANOUT_CLIENTS ?? 100);
const ROUNDS = 5;

process.env.DEMO_MESSAGES ??= '300';
const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'actions-count-'));
const server = await startServer({ databaseUrl: process.env.DATABASE_URL, dataDir });
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
try {
  const editor = await tokenFor(server.url, 'editor');
  const cookie = `${ACTIONS_COUNT_COOKIE.name}=${editor}`;
  const streamUrl = `${server.url}${ACTIONS_COUNT_PATHS.stream}`;

  // Warm the process (first requests compile and cache), then read its memory at rest.
  const warm = await connectSse(streamUrl, cookie);
  await warm.next();
  warm.close();
  await settle();
  const before = server.rssMb() ?? Number.NaN;

  const idle: SseClient[] = [];
  for (let i = 0; i < IDLE; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, IDLE - i) }, () => connectSse(streamUrl, cookie)),
    );
    await Promise.all(batch.map((c) => c.next()));
    idle.push(...batch);
  }
  await settle();
  const withIdle = server.rssMb() ?? Number.NaN;
  console.log(
    `${IDLE} idle streams: server RSS ${before.toFixed(1)} MB → ${withIdle.toFixed(1)} MB (+${(withIdle - before).toFixed(1)} MB, ${(((withIdle - before) * 1024) / IDLE).toFixed(1)} KB a stream)`,
  );
  for (const c of idle) c.close();
  await settle();
  console.log(`after closing them: server RSS ${(server.rssMb() ?? Number.NaN).toFixed(1)} MB`);

  const clients = await Promise.all(Array.from({ length: FANOUT }, () => connectSse(streamUrl, cookie)));
  await Promise.all(clients.map((c) => c.next()));
  const worst: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const counts = clients.map((c) => c.events.at(-1)?.count ?? 0);
    const started = performance.now();
    const arrivals = clients.map((c, i) =>
      c.next((e) => e.count > counts[i], 5000).then(() => performance.now() - started),
    );
    const res = await fetch(`${server.url}${THEME_LIST_PATHS.list}`, {
      method: 'POST',
      headers: { authorization: `Token ${editor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Тема замера ${Date.now()}-${round}` }),
    });
    await res.arrayBuffer();
    const times = (await Promise.all(arrivals)).sort((a, b) => a - b);
    worst.push(times[times.length - 1]);
    console.log(
      `round ${round + 1}: ${FANOUT} clients got the new count; first ${times[0].toFixed(0)} ms, median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, last ${times[times.length - 1].toFixed(0)} ms after the call started`,
    );
  }
  for (const c of clients) c.close();
  console.log(`worst of ${ROUNDS} rounds: ${Math.max(...worst).toFixed(0)} ms (target: 1000 ms)`);
} finally {
  await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
