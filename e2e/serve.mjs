// Starts the server for the e2e run on a fresh embedded database under data/e2e.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(new URL('../data/e2e', import.meta.url), { recursive: true, force: true });
const child = spawn('npm', ['run', 'start', '-w', 'server'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: 'data/e2e',
    PORT: process.env.E2E_PORT ?? '8181',
    APP_ENV: 'dev',
    DEMO_MESSAGES: '3000',
    LOG_LEVEL: 'silent',
    // Every test logs in from the same address; the limit itself is covered by the server's tests.
    LOGIN_RATE_LIMIT: '1000',
    // The alerts spec's webhook receiver listens on this machine (e2e/tests/alerts.spec.ts).
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    // The collectors spec presses «Собрать сейчас» itself; the demo's feeds must not be polled meanwhile.
    COLLECT: 'off',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
