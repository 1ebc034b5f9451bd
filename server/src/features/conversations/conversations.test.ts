import {
  apiPath,
  CONVERSATION_PATHS,
  type ConversationDetail,
  type ConversationListResponse,
} from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, conversationResults, conversations, conversationThemes } from '../../db/schema/index.ts';
import { buildSource, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
let viewer: Caller;
let lomSelection: Caller;
const ids: Record<string, number> = {};
const UNKNOWN = 987_654;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  viewer = await kit.caller({ role: 3 });
  lomSelection = await kit.caller({ role: 102 });
  const tv = await buildSource(db, { name: 'Телевидение', icon: 'tv.svg' });
  const radio = await buildSource(db, { name: 'Радио', icon: 'radio.svg' });
  const [first, second] = await db
    .insert(channels)
    .values([
      { name: 'Первый канал', icon: 'tv', sourceId: tv.id },
      { name: 'Радио Маяк', icon: 'radio', sourceId: radio.id },
    ])
    .returning();
  const lom = await buildLom(db, { name: 'Анна Орлова', avatar: 'https://img.example.ru/a.png' });
  const message = await buildMessage(db, { lomId: lom.id });
  const theme = await buildTheme(db, { name: 'Экология' });
  const [talk, show, old] = await db
    .insert(conversations)
    .values([
      {
        name: 'Вечерний разговор: Экология',
        wroteAt: new Date('2025-03-10T19:00:00+03:00'),
        channelId: first?.id,
        si: 120.5,
        numberViews: 50_000,
        json: {
          title: 'Вечерний разговор. Выпуск от 10.03.2025',
          url: 'https://tv.example.ru/show/1',
          name: 'Вечерний разговор',
          source: { name: 'Первый канал', icon: 'tv', link: 'https://tv.example.ru/show/1' },
          stat: { si: 120.5, views: 50_000, subscribers: 150_000 },
        },
      },
      {
        name: 'Утро на радио',
        wroteAt: new Date('2025-03-10T08:00:00+03:00'),
        channelId: second?.id,
        si: 3,
        numberViews: 900,
      },
      {
        name: 'Старый эфир',
        wroteAt: new Date('2025-03-01T08:00:00+03:00'),
        channelId: first?.id,
        si: 1,
        numberViews: 10,
      },
    ])
    .returning();
  await db.insert(conversationThemes).values({ conversationId: talk?.id as number, themeId: theme.id });
  await db.insert(conversationResults).values([
    {
      conversationId: talk?.id as number,
      position: 1,
      lomId: lom.id,
      text: 'Второй ответ',
      audio: 'https://media.example.ru/a2.mp3',
    },
    {
      conversationId: talk?.id as number,
      position: 0,
      lomId: lom.id,
      text: 'Мы очистим реку к лету',
      audio: 'https://media.example.ru/a1.mp3',
      video: 'https://media.example.ru/v1.mp4',
      messageId: message.id,
    },
  ]);
  Object.assign(ids, {
    talk: talk?.id,
    show: show?.id,
    old: old?.id,
    first: first?.id,
    radio: radio.id,
    lom: lom.id,
    message: message.id,
    theme: theme.id,
  });
});

afterAll(async () => {
  await kit.close();
});

async function ok<T>(url: string, query: Record<string, string | number> = {}): Promise<T> {
  const response = await viewer.get(url, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

describe('conversation calls', () => {
  it('answer 401 without a token and 403 without CONVERSATIONS', async () => {
    for (const path of [
      CONVERSATION_PATHS.list,
      apiPath(CONVERSATION_PATHS.detail, { id: ids.talk as number }),
    ]) {
      expect((await kit.anonymous.get(path)).statusCode, path).toBe(401);
      expect((await lomSelection.get(path)).statusCode, path).toBe(403);
    }
  });

  it('answer 404 for an unknown conversation and 400 naming bad input', async () => {
    const missing = await viewer.get(apiPath(CONVERSATION_PATHS.detail, { id: UNKNOWN }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Эфир не найден');
    const cases: [Record<string, string>, string][] = [
      [{ period_after: '2025-03-11', period_before: '2025-03-10' }, 'period_after'],
      [{ channel_in: '1,abc' }, 'channel_in'],
      [{ source_in: 'x' }, 'source_in'],
      [{ ordering: 'name;drop' }, 'ordering'],
      [{ page: '0' }, 'page'],
    ];
    for (const [query, field] of cases) {
      const response = await viewer.get(CONVERSATION_PATHS.list, query);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
    const bad = await viewer.get('/api/v1/conversations/0/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});

describe('GET conversations/', () => {
  it('lists name, date, channel, SI and views, newest first', async () => {
    const answer = await ok<ConversationListResponse>(CONVERSATION_PATHS.list);
    expect(answer.elements_count).toBe(3);
    expect(answer.results.map((r) => r.id)).toEqual([ids.talk, ids.show, ids.old]);
    expect(answer.results[0]).toMatchObject({
      name: 'Вечерний разговор: Экология',
      channel: { id: ids.first, name: 'Первый канал' },
      si: 120.5,
      number_views: 50_000,
    });
  });

  it('filters by Moscow days, channel, source and name, and orders by SI', async () => {
    const day = await ok<ConversationListResponse>(CONVERSATION_PATHS.list, {
      period_after: '2025-03-10',
      period_before: '2025-03-10',
      ordering: 'wrote_at',
    });
    expect(day.results.map((r) => r.id)).toEqual([ids.show, ids.talk]);
    const channel = await ok<ConversationListResponse>(CONVERSATION_PATHS.list, {
      channel_in: String(ids.first),
    });
    expect(channel.results.map((r) => r.id)).toEqual([ids.talk, ids.old]);
    const source = await ok<ConversationListResponse>(CONVERSATION_PATHS.list, {
      source_in: String(ids.radio),
    });
    expect(source.results.map((r) => r.id)).toEqual([ids.show]);
    const search = await ok<ConversationListResponse>(CONVERSATION_PATHS.list, { search: 'РАДИО' });
    expect(search.results.map((r) => r.id)).toEqual([ids.show]);
    const bySi = await ok<ConversationListResponse>(CONVERSATION_PATHS.list, {
      ordering: '-si',
      page_size: 1,
      page: 2,
    });
    expect(bySi.results.map((r) => r.id)).toEqual([ids.show]);
    expect(bySi.last_page).toBe(3);
  });
});

describe('GET conversations/{id}/', () => {
  it('answers the json with source, stat and the transcript in order, and the themes', async () => {
    const detail = await ok<ConversationDetail>(
      apiPath(CONVERSATION_PATHS.detail, { id: ids.talk as number }),
    );
    expect(detail.json).toMatchObject({
      title: 'Вечерний разговор. Выпуск от 10.03.2025',
      url: 'https://tv.example.ru/show/1',
      source: { name: 'Первый канал', icon: 'tv', link: 'https://tv.example.ru/show/1' },
      stat: { si: 120.5, views: 50_000, subscribers: 150_000 },
    });
    expect(detail.json.results.map((r) => r.text)).toEqual(['Мы очистим реку к лету', 'Второй ответ']);
    expect(detail.json.results[0]).toMatchObject({
      lom: { id: ids.lom, name: 'Анна Орлова', avatar: 'https://img.example.ru/a.png' },
      video: 'https://media.example.ru/v1.mp4',
      message_id: ids.message,
    });
    expect(detail.json.results[1]?.message_id).toBeNull();
    expect(detail.themes).toEqual([{ id: ids.theme, name: 'Экология' }]);
  });

  it('falls back to the row when the stored json is empty', async () => {
    const detail = await ok<ConversationDetail>(
      apiPath(CONVERSATION_PATHS.detail, { id: ids.show as number }),
    );
    expect(detail.json).toMatchObject({
      title: 'Утро на радио',
      source: { name: 'Радио Маяк', icon: 'radio' },
      stat: { si: 3, views: 900 },
      results: [],
    });
  });
});
