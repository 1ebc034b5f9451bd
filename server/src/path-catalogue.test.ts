import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contracts from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

// contracts/api-paths.ts: every API path is declared once, as a pattern in an exported
// `*_PATHS` object of contracts; the server registers exactly those patterns, and the server,
// the web client and the e2e tests write no API path of their own.

/** Every string in every exported `*_PATHS` object of contracts, as [pattern, where declared]. */
function catalogue(): [string, string][] {
  const entries: [string, string][] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') entries.push([value, where]);
    else if (typeof value === 'function') entries.push([`<function>`, where]);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, `${where}.${key}`);
    }
  };
  for (const [name, value] of Object.entries(contracts)) {
    if (name.endsWith('_PATHS')) walk(value, name);
  }
  return entries;
}

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A literal API path written outside contracts: "/api/v", in quotes or a template. */
const LITERAL_API_PATH = /['"`]\/api\/v\d/;

describe('the API path catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('holds patterns, not functions', () => {
    expect(
      catalogue()
        .filter(([pattern]) => pattern === '<function>')
        .map(([, where]) => where),
    ).toEqual([]);
  });

  it('declares each pattern once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [pattern, where] of catalogue()) {
      if (pattern === '<function>') continue;
      const first = seen.get(pattern);
      if (first) twice.push(`${pattern}: ${first} and ${where}`);
      else seen.set(pattern, where);
    }
    expect(twice).toEqual([]);
  });

  it('holds every route the server registers', () => {
    const declared = new Set(catalogue().map(([pattern]) => pattern));
    const missing = [...new Set(t.app.apiRoutes.map((route) => route.url))].filter(
      (url) => !declared.has(url),
    );
    expect(missing.sort()).toEqual([]);
  });

  it('holds no API pattern that the server does not register', () => {
    const registered = new Set(t.app.apiRoutes.map((route) => route.url));
    const stale = catalogue()
      .filter(([pattern]) => pattern.startsWith('/api/v') && !registered.has(pattern))
      .map(([pattern, where]) => `${where} ${pattern}`);
    expect(stale).toEqual([]);
  });

  it('is the only place that writes an API path', () => {
    const roots = ['server/src', 'web/src', 'e2e/tests'].map((dir) => join(REPO, dir));
    const offenders = roots
      .flatMap(sourceFiles)
      .filter((file) => !/\.test\.tsx?$/.test(file) && !file.includes('/server/src/test/'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => [line, index] as const)
          .filter(([line]) => LITERAL_API_PATH.test(line))
          .map(([, index]) => `${relative(REPO, file)}:${index + 1}`),
      );
    expect(offenders).toEqual([]);
  });
});
