import type { Feed } from '@monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { feedCreateBodyOf, feedFieldOf, feedFormValues, feedPatchBodyOf, feedUrlCheck } from './feed-form.ts';
import {
  collectCounts,
  formatDuration,
  intervalLabel,
  intervalOptions,
  relativeTime,
} from './feed-format.ts';

const feed: Feed = {
  id: 5,
  kind: 'telegram',
  url: 'https://t.me/gorod_news',
  lom: { id: 3, name: 'Петрова Анна' },
  lom_source: { id: 7, url: 'https://t.me/gorod_news' },
  source: { id: 2, name: 'Telegram' },
  enabled: true,
  interval_minutes: 15,
  last_fetch_at: null,
  last_success_at: null,
  last_status: null,
  last_error: null,
  failures: 0,
  items_last_day: 0,
  next_run_at: null,
  paused_reason: null,
  created_at: '2026-03-01T00:00:00.000Z',
};

describe('the feed form', () => {
  it('starts a new feed as RSS every 15 minutes, on, and sends the address trimmed', () => {
    const values = feedFormValues(null);
    expect(values).toEqual({ kind: 'rss', url: '', lom_id: null, interval_minutes: 15, enabled: true });
    expect(feedCreateBodyOf({ ...values, url: '  https://example.ru/rss  ', lom_id: 4 })).toEqual({
      kind: 'rss',
      url: 'https://example.ru/rss',
      lom_id: 4,
      interval_minutes: 15,
      enabled: true,
    });
  });

  it('patches only what changed; another lom leaves the account', () => {
    const values = feedFormValues(feed);
    expect(feedPatchBodyOf(feed, values)).toEqual({});
    expect(feedPatchBodyOf(feed, { ...values, interval_minutes: 60, enabled: false })).toEqual({
      interval_minutes: 60,
      enabled: false,
    });
    expect(feedPatchBodyOf(feed, { ...values, lom_id: 9 })).toEqual({ lom_id: 9, lom_source_id: null });
    expect(feedPatchBodyOf({ ...feed, lom_source: null }, { ...values, lom_id: null })).toEqual({
      lom_id: null,
    });
  });

  it('checks the address as the server does, per kind', () => {
    expect(feedUrlCheck('rss', ' ')).toBe('Введите адрес ленты');
    expect(feedUrlCheck('rss', 'ftp://example.ru/rss')).toBe('адрес начинается с http:// или https://');
    expect(feedUrlCheck('rss', 'https://example.ru/rss')).toBeNull();
    expect(feedUrlCheck('telegram', 'https://example.ru/rss')).toBe(
      'адрес канала Telegram: https://t.me/имя_канала',
    );
    expect(feedUrlCheck('telegram', 'https://t.me/s/gorod_news')).toBeNull();
    expect(feedUrlCheck('vk', 'https://t.me/gorod_news')).toBe(
      'адрес стены ВКонтакте: https://vk.com/имя или /club123',
    );
  });

  it('puts the server’s 400 at the field it names; the account at the lom; an unknown one above the form', () => {
    expect(feedFieldOf('url')).toBe('url');
    expect(feedFieldOf('interval_minutes')).toBe('interval_minutes');
    expect(feedFieldOf('lom_source_id')).toBe('lom_id');
    expect(feedFieldOf('created_by')).toBeNull();
    expect(feedFieldOf(undefined)).toBeNull();
  });
});

describe('the feed formats', () => {
  it('names intervals and offers a feed’s own one among the choices', () => {
    expect([1, 60, 90, 180, 1440].map(intervalLabel)).toEqual(['1 мин', '1 ч', '1 ч 30 мин', '3 ч', '24 ч']);
    expect(intervalOptions(15).map((o) => o.value)).toEqual([1, 5, 15, 30, 60, 180, 360, 720, 1440]);
    expect(intervalOptions(45).map((o) => o.value)).toEqual([1, 5, 15, 30, 45, 60, 180, 360, 720, 1440]);
  });

  it('tells a fetch’s time, an instant relative to now, and a run’s counts in Russian', () => {
    expect([350, 1234, 20_000, 125_000].map(formatDuration)).toEqual([
      '350 мс',
      '1,2 с',
      '20 с',
      '2 мин 5 с',
    ]);
    const now = Date.parse('2026-03-05T12:00:00.000Z');
    expect(relativeTime('2026-03-05T11:55:00.000Z', now)).toBe('5 мин назад');
    expect(relativeTime('2026-03-05T15:00:00.000Z', now)).toBe('через 3 ч');
    expect(relativeTime('2026-03-05T12:00:10.000Z', now)).toBe('только что');
    expect(relativeTime(null, now)).toBe('');
    expect(collectCounts({ fetched: 50, created: 48, updated: 0, skipped: 2, error: null })).toBe(
      'Найдено 50, создано 48, обновлено 0, пропущено 2',
    );
  });
});
