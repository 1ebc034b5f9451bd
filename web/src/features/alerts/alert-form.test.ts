import { describe, expect, it } from 'vitest';
import { alertBody, alertFieldOf, alertFormValues, channelProblem } from './alert-form.ts';
import { parseAlertsUrl, writeAlertsUrl } from './alerts-url.ts';
import { digestBody, digestFieldOf, digestFormValues, scheduleText } from './digest-form.ts';

describe('alert form', () => {
  it('names the form field of a server error by the channel order sent', () => {
    const sent = ['app', 'webhook', 'telegram'] as const;
    expect(alertFieldOf('channels.1.url', sent)).toBe('webhook_url');
    expect(alertFieldOf('channels.1.secret', sent)).toBe('webhook_secret');
    expect(alertFieldOf('channels.2.chat_id', sent)).toBe('telegram_chat_id');
    expect(alertFieldOf('channels.0.to.3', ['email'])).toBe('email_to');
    expect(alertFieldOf('channels.1.type', sent)).toBe('channel_types');
    expect(alertFieldOf('channels', sent)).toBe('channel_types');
    expect(alertFieldOf('filters.lom_in.0', sent)).toBe('filters');
    expect(alertFieldOf('theme_id', sent)).toBe('theme_id');
    expect(alertFieldOf('interval_minutes', sent)).toBe('interval_minutes');
    expect(alertFieldOf('owner', sent)).toBeNull();
    expect(alertFieldOf(undefined, sent)).toBeNull();
  });

  it('sends the chosen target and kind, null for the others, channels in a fixed order', () => {
    const values = {
      ...alertFormValues(null, 'ivanova@example.ru'),
      name: ' Выборы ',
      kind: 'negative' as const,
      target: 'theme' as const,
      theme_id: 12,
      query: 'не отправится',
      threshold: 40,
      window: 'day' as const,
      channel_types: ['email' as const, 'app' as const],
      email_to: 'a@example.ru, b@example.ru\nA@example.ru',
    };
    expect(alertBody(values)).toEqual({
      name: 'Выборы',
      kind: 'negative',
      query: null,
      filters: null,
      theme_id: 12,
      personal_theme_id: null,
      lom_group_id: null,
      interval_minutes: null,
      window: 'day',
      metric: null,
      sensitivity: null,
      threshold: 40,
      channels: [{ type: 'app' }, { type: 'email', to: ['a@example.ru', 'b@example.ru', 'A@example.ru'] }],
    });
  });

  it('checks a channel with the contracts’ rules, naming the bad address', () => {
    const values = alertFormValues(null, '');
    expect(channelProblem('email', { ...values, email_to: 'a@example.ru, не-адрес' })).toBe(
      'не-адрес: неверный адрес почты',
    );
    expect(channelProblem('email', { ...values, email_to: '' })).toBe('нужен хотя бы один адрес');
    expect(channelProblem('telegram', { ...values, telegram_chat_id: 'чат' })).toMatch(/идентификатор чата/);
    expect(channelProblem('telegram', { ...values, telegram_chat_id: '@news_channel' })).toBeNull();
  });
});

describe('digest form', () => {
  it('sends the weekday only for a weekly digest, and says the schedule in Russian', () => {
    const values = { ...digestFormValues(null, 'ivanova@example.ru'), name: 'Утро', query: 'выборы' };
    expect(digestBody(values)).toMatchObject({
      period: 'daily',
      weekday: null,
      time: '09:00',
      format: 'xlsx',
      query: 'выборы',
      recipients: ['ivanova@example.ru'],
    });
    expect(digestBody({ ...values, period: 'weekly', weekday: 5 }).weekday).toBe(5);
    expect(scheduleText({ period: 'weekly', weekday: 5, time: '18:30' })).toBe(
      'Еженедельно, пятница, 18:30 МСК',
    );
    expect(scheduleText({ period: 'daily', weekday: null, time: '09:00' })).toBe('Ежедневно, 09:00 МСК');
    expect(digestFieldOf('recipients.2')).toBe('recipients');
    expect(digestFieldOf('weekday')).toBe('weekday');
  });
});

describe('alerts URL', () => {
  it('reads leniently and writes without defaults', () => {
    expect(parseAlertsUrl(new URLSearchParams('alert=12&page=x&tab=nope'))).toEqual({
      tab: 'alerts',
      page: 1,
      alert: 12,
      digest: null,
    });
    expect(writeAlertsUrl({ tab: 'digests', page: 2, alert: null, digest: 3 }).toString()).toBe(
      'tab=digests&page=2&digest=3',
    );
    expect(writeAlertsUrl({ tab: 'alerts', page: 1, alert: null, digest: null }).toString()).toBe('');
  });
});
