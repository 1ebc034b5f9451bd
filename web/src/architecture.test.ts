import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The import rule of docs/ARCHITECTURE.md: app → features → ui / lib → api; features never import each other.
const root = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of the tree under `dir`, as paths inside web/src split into parts. */
function imports(dir: string): { from: string[]; to: string[] }[] {
  return sourceFiles(join(root, dir)).flatMap((file) => {
    const from = relative(root, file).split(sep);
    return [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map(
      (match) => ({ from, to: relative(root, normalize(join(dirname(file), match[1] ?? ''))).split(sep) }),
    );
  });
}

const show = ({ from, to }: { from: string[]; to: string[] }) => `${from.join('/')} → ${to.join('/')}`;

describe('import directions', () => {
  it('no feature imports another feature', () => {
    const crossing = imports('features').filter(
      ({ from, to }) => to[0] === 'features' && to[1] !== undefined && to[1] !== from[1],
    );
    expect(crossing.map(show)).toEqual([]);
  });

  it('ui and lib import neither features nor app', () => {
    const upward = [...imports('ui'), ...imports('lib')].filter(
      ({ to }) => to[0] === 'features' || to[0] === 'app',
    );
    expect(upward.map(show)).toEqual([]);
  });
});
