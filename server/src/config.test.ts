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

describe('collectors (COLLECT, TELEGRAM_WEB_BASE, VK_API_BASE, COLLECT_CONCURRENCY, COLLECT_ITEMS_PER_SECOND)', () => {
  it('collects by default, from t.me and api.vk.com, four feeds at a time, 100 items a second', () => {
    expect(loadConfig({})).toMatchObject({
      collect: true,
      telegramWebBase: 'https://t.me',
      vkApiBase: 'https://api.vk.com',
      collectConcurrency: 4,
      collectItemsPerSecond: 100,
    });
  });

  it('takes the switch, the bases without a trailing slash and the concurrency', () => {
    expect(
      loadConfig({
        COLLECT: 'off',
        TELEGRAM_WEB_BASE: 'http://127.0.0.1:9000/tg/',
        VK_API_BASE: 'http://127.0.0.1:9001',
        COLLECT_CONCURRENCY: '2',
        COLLECT_ITEMS_PER_SECOND: '0',
      }),
    ).toMatchObject({
      collect: false,
      telegramWebBase: 'http://127.0.0.1:9000/tg',
      vkApiBase: 'http://127.0.0.1:9001',
      collectConcurrency: 2,
      collectItemsPerSecond: 0,
    });
    expect(loadConfig({ COLLECT: 'ON' }).collect).toBe(true);
  });

  it('refuses a switch that is neither on nor off, a base that is not http(s), no concurrency', () => {
    expect(() => loadConfig({ COLLECT: 'maybe' })).toThrow(/COLLECT must be on or off/);
    expect(() => loadConfig({ TELEGRAM_WEB_BASE: 'file:///etc' })).toThrow(/TELEGRAM_WEB_BASE/);
    expect(() => loadConfig({ VK_API_BASE: 'vk' })).toThrow(/VK_API_BASE/);
    expect(() => loadConfig({ COLLECT_CONCURRENCY: '0' })).toThrow(/COLLECT_CONCURRENCY must be at least 1/);
    expect(() => loadConfig({ COLLECT_CONCURRENCY: 'many' })).toThrow(/COLLECT_CONCURRENCY/);
    expect(() => loadConfig({ COLLECT_ITEMS_PER_SECOND: '-5' })).toThrow(/COLLECT_ITEMS_PER_SECOND/);
  });
});
