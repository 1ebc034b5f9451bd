// The server suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', ...process.argv.slice(2)];
const run = (label, env) => {
  console.log(`\n── server tests on ${label} ──`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run('PGlite (in memory)', withoutPostgres);
if (TEST_DATABASE_URL) run(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
// The bench's and soak's calls on the 100,000-message demo: alone (it seeds the whole demo), once, and only for the
// whole suite (`npm test -w server -- some.test.ts` runs just that file).
if (process.argv.length === 2) {
  console.log('\n── bench and soak calls on the 100,000-message demo (PGlite) ──');
  const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.scenarios.config.ts'], {
    stdio: 'inherit',
    env: withoutPostgres,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
