/**
 * The server under test as its own process, as in production (`npm start -w server` runs `tsx src/main.ts`):
 * `node --import tsx src/main.ts`, so that the child's pid is the server's own (its memory can be read) and the load
 * generator shares neither its event loop nor its heap.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SYSTEM_PATHS } from '@monitoring/contracts';
import { REPO_ROOT } from '../src/config.ts';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  /** The server process's resident memory in MB now (Linux: /proc/<pid>/status), or undefined elsewhere. */
  rssMb(): number | undefined;
  /** SIGTERM (the server drains), then wait for the exit; its exit code. */
  stop(): Promise<number | null>;
}

export interface ServerTarget {
  /** PostgreSQL; otherwise the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  /** A streaming replica of databaseUrl for the server's reads (DATABASE_READ_URL). */
  databaseReadUrl?: string;
  /** The port to listen on; a free one unless given. */
  port?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in MB from /proc (Linux only). */
function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * Spawns the server on a free port with LOG_LEVEL=silent and waits until readiness answers 200 (it answers 503
 * while the server migrates). The database must already be seeded: an empty one would get the demo seed.
 */
export async function startServer(target: ServerTarget, readyTimeoutMs = 180_000): Promise<ServerProcess> {
  const port = target.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  };
  if (target.databaseReadUrl) env.DATABASE_READ_URL = target.databaseReadUrl;
  else delete env.DATABASE_READ_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = target.dataDir;
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(REPO_ROOT, 'server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the last lines the server printed, to show them if it fails.
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  let stopping = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code;
      // Say at once when the server goes away while it is measured, with what it printed last.
      if (!stopping)
        console.error(
          `The server (pid ${child.pid}) exited on its own: code ${code}, signal ${signal}. Its last lines:\n${output.join('\n')}`,
        );
      resolve(code);
    }),
  );
  // Never leave the server behind when the bench stops early.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`The server exited with ${exitCode} before it was ready:\n${output.join('\n')}`);
    }
    if (performance.now() - started > readyTimeoutMs) {
      stopping = true;
      child.kill('SIGKILL');
      throw new Error(`The server was not ready within ${readyTimeoutMs} ms:\n${output.join('\n')}`);
    }
    try {
      const res = await fetch(`${url}${SYSTEM_PATHS.ready}`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  console.log(
    `Server pid ${child.pid} ready on ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  return {
    url,
    pid: child.pid as number,
    rssMb: () => rssOf(child.pid as number),
    async stop() {
      stopping = true;
      if (exitCode === undefined) child.kill('SIGTERM');
      const code = await exited;
      process.removeListener('exit', killOnExit);
      if (code !== 0) console.log(`The server exited with ${code}:\n${output.join('\n')}`);
      return code;
    },
  };
}

/**
 * `count` servers on one target, each on its own free port (`npm run bench -- --instances N`). The first starts
 * alone, so that the migrations run once and the others find the schema current; the rest then start together. If
 * one fails, those already started are stopped before the error is thrown.
 */
export async function startServers(target: ServerTarget, count: number): Promise<ServerProcess[]> {
  const servers = [await startServer(target)];
  const rest = await Promise.allSettled(Array.from({ length: count - 1 }, () => startServer(target)));
  for (const r of rest) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = rest.find((r) => r.status === 'rejected');
  if (failed) {
    await stopServers(servers);
    throw failed.reason;
  }
  return servers;
}

/** SIGTERM to every server at once (each drains), then wait for all; their exit codes in order. */
export function stopServers(servers: ServerProcess[]): Promise<(number | null)[]> {
  return Promise.all(servers.map((s) => s.stop()));
}
