// Runs the Playwright suite in Debian's Chromium. In CI (CI=true or E2E_REQUIRED=1)
// a missing browser fails the run; on a developer machine it skips, loudly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = process.env.CI === 'true' || process.env.E2E_REQUIRED === '1';
if (!existsSync(chromium)) {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n  E2E SKIPPED: no Chromium at ${chromium}.`);
  console.error('  Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)');
  console.error(`${line}\n`);
  process.exit(required ? 1 : 0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
