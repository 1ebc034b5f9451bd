import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md "Layers": imports run one way, app → features → domain → http → db,
// and no feature imports another. This reads the import statements of every file under
// src/ and names each import that breaks the rule.

const SRC = dirname(fileURLToPath(import.meta.url));

/** Lower layers come later; a file may import its own layer or a later one, never an earlier one. */
const LAYERS = ['app', 'features', 'domain', 'http', 'db'] as const;
type Layer = (typeof LAYERS)[number];

/** The layer of a path relative to src/ ('/' separated). */
function layerOf(path: string): Layer {
  const [top] = path.split('/');
  if (top === 'features' || top === 'domain' || top === 'http' || top === 'db') return top;
  // app-context.ts, config.ts and mail.ts are what every route receives: as low as http.
  if (path === 'app-context.ts' || path === 'config.ts' || path === 'mail.ts') return 'http';
  // app.ts, main.ts, plugins/, demo/, test/: the application around the layers.
  return 'app';
}

/** Why `from` may not import `to` (paths relative to src/), or null when it may. */
function importViolation(from: string, to: string): string | null {
  const a = layerOf(from);
  const b = layerOf(to);
  // A test may use the test app and factories, which sit above every layer.
  if (from.endsWith('.test.ts') && b === 'app' && to.startsWith('test/')) return null;
  if (LAYERS.indexOf(b) < LAYERS.indexOf(a)) return `${a} imports ${b}`;
  if (a === 'features' && b === 'features' && from.split('/')[1] !== to.split('/')[1]) {
    return `feature ${from.split('/')[1]} imports feature ${to.split('/')[1]}`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Every relative import under src/ as [importing file, imported file], both relative to src/. */
function relativeImports(root = SRC): [string, string][] {
  const toPosix = (path: string) => path.split(sep).join('/');
  return sourceFiles(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(
      ([, spec]) =>
        [toPosix(relative(root, file)), toPosix(relative(root, resolve(dirname(file), spec)))] as [
          string,
          string,
        ],
    ),
  );
}

describe('import rule', () => {
  it('names the imports that run the wrong way', () => {
    expect(importViolation('features/loms/service.ts', 'features/messages/presenter.ts')).toBe(
      'feature loms imports feature messages',
    );
    expect(importViolation('domain/action-log.ts', 'features/messages/service.ts')).toBe(
      'domain imports features',
    );
    expect(importViolation('http/auth.ts', 'domain/action-log.ts')).toBe('http imports domain');
    expect(importViolation('db/client.ts', 'http/errors.ts')).toBe('db imports http');
    expect(importViolation('features/loms/routes.ts', 'app.ts')).toBe('features imports app');
    expect(importViolation('features/loms/service.ts', 'features/loms/queries.ts')).toBeNull();
    expect(importViolation('features/loms/service.ts', 'domain/action-log.ts')).toBeNull();
    expect(importViolation('domain/action-log.ts', 'db/client.ts')).toBeNull();
    expect(importViolation('features/loms/loms.test.ts', 'test/app.ts')).toBeNull();
  });

  it('reads real import statements', () => {
    const imports = relativeImports();
    expect(imports).toContainEqual(['app.ts', 'features/loms/routes.ts']);
    expect(imports.length).toBeGreaterThan(500);
  });

  it('holds for every file under src/', () => {
    const broken = relativeImports().flatMap(([from, to]) => {
      const why = importViolation(from, to);
      return why ? [`${from} → ${to}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
