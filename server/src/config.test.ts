import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('DATABASE_READ_URL', () => {
  it('is taken beside DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/monitoring',
      DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:5434/monitoring',
    });
    expect(config.databaseReadUrl).toBe('postgres://postgres@127.0.0.1:5434/monitoring');
  });

  it('is absent unless given', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).databaseReadUrl).toBeUndefined();
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
  });

  it('is refused with the embedded PGlite, which has no replicas', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:5434/monitoring' })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
  });

  it('must be a postgres:// URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', DATABASE_READ_URL: 'replica:5434' })).toThrow(
      /postgres:\/\//,
    );
  });
});
