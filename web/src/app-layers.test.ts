import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way (docs/ARCHITECTURE.md): app → features → ui, lib, api →
 * contracts. A lower layer that reaches up would tie shared code to one page or
 * to the app's wiring.
 */
const FORBIDDEN: Record<string, readonly string[]> = {
  api: ['app', 'features'],
  ui: ['app', 'features'],
  lib: ['app', 'features'],
  features: ['app'],
};

const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder under src/ of a path ('' for files directly in src/). */
function layerOf(path: string): string {
  const parts = relative(SRC, path).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : '';
}

/** Every relative import of the layers above that points into a layer it may not use. */
function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = layerOf(file);
    const forbidden = FORBIDDEN[from];
    if (!forbidden) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = layerOf(resolve(dirname(file), match[1]));
      if (forbidden.includes(target)) found.push(`${relative(SRC, file)} imports ${match[1]}`);
    }
  }
  return found;
}

describe('web layers', () => {
  it('finds the imports it checks', () => {
    expect(sourceFiles(join(SRC, 'api')).length).toBeGreaterThan(0);
    expect(layerOf(resolve(SRC, 'features/auth', '../../app/router.tsx'))).toBe('app');
  });

  it('keeps api, ui and lib free of app and features, and features free of app', () => {
    expect(violations()).toEqual([]);
  });
});
