/**
 * The README names the oldest Node.js the project runs on (the root package.json's `engines`), and `npm ci` on that
 * Node must print no EBADENGINE warning: every package of the lock file must accept it. A dependency whose newer major
 * declares a newer Node is pinned to one that does not (root package.json `overrides`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';

const readJson = (name: string) => JSON.parse(readFileSync(join(REPO_ROOT, name), 'utf8'));

describe('the Node.js version the README names', () => {
  const declared: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(declared)?.version ?? '';

  it('is the same in the README and in package.json engines', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(oldest).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor] = oldest.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('is accepted by every package of the lock file, so that npm ci warns of no engine', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path}@${p.version}: node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
