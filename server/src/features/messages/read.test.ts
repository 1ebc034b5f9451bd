import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildInfoReason,
  buildPersonalTag,
  buildRubric,
  buildSource,
  buildTag,
  buildTheme,
} from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import {
  buildComment,
  buildFragment,
  buildMarkup,
  buildMessage,
  buildQuote,
} from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let superEditor: UserCaller;
let viewer: UserCaller;
let lomId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  superEditor = t.as('superEditor');
  viewer = t.as('user');
  const lom = await buildLom(db, { name: 'Пётр Петров', avatar: 'a.png' });
  lomId = lom.id;
  const source = await buildSource(db, { name: 'Телеграм', icon: 'tg.svg' });
  const account = await buildLomSource(db, { lomId: lom.id, sourceId: source.id });
  const theme = await buildTheme(db, { name: 'Дороги' });
  const reason = await buildInfoReason(db, { themeId: theme.id });
  const rubric = await buildRubric(db);
  const tag = await buildTag(db);
  const common = { lomId: lom.id, lomName: 'Пётр', sourceId: source.id, lomSourceId: account.id };
  // Five messages over 2025-04-01..05, one per day, the last one archived.
  for (let day = 1; day <= 5; day++) {
    const message = await buildMessage(db, {
      ...common,
      day: `2025-04-0${day}`,
      text:
        day === 1
          ? '<p onclick="x">Привет <mark>мир</mark><br/>😀</p><script>alert(1)</script>'
          : `День ${day}`,
      si: day * 10,
      numberViews: 1000 - day,
      archived: day === 5,
      themeId: day === 1 ? theme.id : null,
      infoReasonId: day === 1 ? reason.id : null,
      mood: day === 1 ? 2 : null,
      rubricIds: day === 1 ? [rubric.id] : [],
      tagIds: day === 1 ? [tag.id] : [],
    });
    ids[`d${day}`] = message.id;
  }
});
afterAll(() => t.close());

const period = 'wrote_at_after=2025-04-01&wrote_at_before=2025-04-05';

describe('GET /api/v2|v3/messages/', () => {
  it('pages newest first with the list envelope on both versions', async () => {
    for (const version of ['v2', 'v3']) {
      const res = await superEditor.get(`/api/${version}/messages/?${period}&page_size=2`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 1, last_page: 3, elements_count: 5, next_pages_available: 2 });
      expect(body.results.map((m: { id: number }) => m.id)).toEqual([ids.d5, ids.d4]);
    }
    const last = (await superEditor.get(`/api/v3/messages/?${period}&page_size=2&page=3`)).json();
    expect(last).toMatchObject({ elements_count: 5, last_page: 3, next_pages_available: 0 });
    expect(last.results.map((m: { id: number }) => m.id)).toEqual([ids.d1]);
    const beyond = (await superEditor.get(`/api/v3/messages/?${period}&page_size=2&page=9`)).json();
    expect(beyond).toMatchObject({ results: [], elements_count: 5, last_page: 3 });
  });

  it('presents the list row with names, links and stripped text', async () => {
    const body = (await superEditor.get(`/api/v2/messages/?id_in=${ids.d1}`)).json();
    const [row] = body.results;
    expect(row).toMatchObject({
      id: ids.d1,
      text: 'Привет <mark>мир</mark><br>',
      lom: { id: lomId, name: 'Пётр Петров', avatar: 'a.png' },
      lom_name: 'Пётр',
      source: { name: 'Телеграм', icon: 'tg.svg' },
      lom_source: { url: expect.stringContaining('https://example.ru/acc/') },
      theme: { name: 'Дороги' },
      info_reason: { id: expect.any(Number) },
      rubrics: [{ id: expect.any(Number), name: expect.any(String) }],
      tags: [{ id: expect.any(Number) }],
      mood: 2,
      si: 10,
      number_views: 999,
      fragments_count: 0,
      verified: false,
      wrote_at: '2025-04-01T09:00:00.000Z',
    });
  });

  it('orders by the chosen metric', async () => {
    const bySi = (await superEditor.get(`/api/v3/messages/?${period}&ordering=-si`)).json();
    expect(bySi.results.map((m: { si: number }) => m.si)).toEqual([50, 40, 30, 20, 10]);
    const byViews = (await superEditor.get(`/api/v3/messages/?${period}&ordering=number_views`)).json();
    expect(byViews.results[0].id).toBe(ids.d5);
  });

  it('hides archived messages from readers without SUPER_EDITOR_STATUS unless asked', async () => {
    const mine = (await viewer.get(`/api/v3/messages/?${period}`)).json();
    expect(mine.elements_count).toBe(4);
    expect(mine.results.map((m: { id: number }) => m.id)).not.toContain(ids.d5);
    const archive = (await viewer.get(`/api/v3/messages/?${period}&archived=true`)).json();
    expect(archive.results.map((m: { id: number }) => m.id)).toEqual([ids.d5]);
  });

  it('answers 400 naming the field, 401 and 403', async () => {
    const bad = async (query: string, field: string) => {
      const res = await superEditor.get(`/api/v3/messages/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    };
    await bad('mood_in=abc', 'mood_in');
    await bad('archived=maybe', 'archived');
    await bad('wrote_at_after=вчера', 'wrote_at_after');
    await bad('ordering=text', 'ordering');
    await bad('page_size=0', 'page_size');
    expect((await t.anonymous.get('/api/v3/messages/')).statusCode).toBe(401);
    const noRole = t.as('role0');
    expect((await noRole.get('/api/v3/messages/')).statusCode).toBe(403);
    const named = await t.caller({ role: 0, uiPermissions: ['view_messages'] });
    expect((await named.get('/api/v3/messages/')).statusCode).toBe(200);
  });
});

describe('GET /api/v3/messages/pagination_count/', () => {
  it('counts with the same filters and role defaults', async () => {
    const all = await superEditor.get(`/api/v3/messages/pagination_count/?${period}&page_size=2`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ elements_count: 5, last_page: 3 });
    const viewerCount = (await viewer.get(`/api/v3/messages/pagination_count/?${period}`)).json();
    expect(viewerCount).toEqual({ elements_count: 4, last_page: 1 });
    const none = (
      await superEditor.get('/api/v3/messages/pagination_count/?wrote_at_after=2030-01-01')
    ).json();
    expect(none).toEqual({ elements_count: 0, last_page: 1 });
    expect((await superEditor.get('/api/v3/messages/pagination_count/?trash=1')).json().field).toBe('trash');
    expect((await t.anonymous.get('/api/v3/messages/pagination_count/')).statusCode).toBe(401);
  });
});

describe('GET /api/v2|v3/messages/{id}/', () => {
  it('shows the whole message with fragments, quotes, markups and my personal tags only', async () => {
    const db = t.database.db;
    const id = ids.d1;
    const tag = await buildTag(db);
    const fragment = await buildFragment(db, id, {
      text: 'Привет',
      start: 0,
      end: 6,
      mood: 1,
      tagIds: [tag.id],
    });
    await buildQuote(db, { messageId: id, fragmentId: fragment.id, lomId, text: 'Цитата фрагмента' });
    await buildQuote(db, { messageId: id, lomId, text: 'Цитата сообщения', speechTimestamp: 12 });
    await buildMarkup(db, id, { mood: 6 });
    await buildPersonalTag(db, superEditor.user.id, { messageIds: [id], name: 'моё' });
    await buildPersonalTag(db, viewer.user.id, { messageIds: [id], name: 'чужое' });
    for (const version of ['v2', 'v3']) {
      const res = await superEditor.get(`/api/${version}/messages/${id}/`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id,
        text: 'Привет <mark>мир</mark><br>',
        fragments_count: 1,
        fragments: [
          {
            id: fragment.id,
            text: 'Привет',
            start: 0,
            end: 6,
            mood: 1,
            tags: [{ id: tag.id }],
            quotes: [{}],
          },
        ],
        markups: [{ mood: 6, theme: null }],
        personal_tags: [{ name: 'моё' }],
        screenshots: [],
        speaker: null,
      });
      expect(body.quotes.map((q: { text: string }) => q.text)).toEqual([
        'Цитата фрагмента',
        'Цитата сообщения',
      ]);
      expect(body.fragments[0].quotes[0].text).toBe('Цитата фрагмента');
    }
    const theirs = (await viewer.get(`/api/v3/messages/${id}/`)).json();
    expect(theirs.personal_tags.map((p: { name: string }) => p.name)).toEqual(['чужое']);
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    const missing = await superEditor.get('/api/v3/messages/99999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Сообщение не найдено');
    const malformed = await superEditor.get('/api/v3/messages/abc/');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
    expect((await t.anonymous.get(`/api/v3/messages/${ids.d1}/`)).statusCode).toBe(401);
  });
});

describe('comments of a message', () => {
  it('pages the comments, counts them and picks the most liked', async () => {
    const db = t.database.db;
    const id = ids.d2;
    await buildComment(db, id, { text: 'первый', likes: 1, wroteAt: new Date('2025-04-02T10:00:00Z') });
    await buildComment(db, id, { text: 'лучший', likes: 9, wroteAt: new Date('2025-04-02T11:00:00Z') });
    await buildComment(db, id, { text: 'новый', likes: 0, wroteAt: new Date('2025-04-02T12:00:00Z') });
    for (const prefix of ['/api/v2/messages/', '/api/v2/']) {
      const page = (await superEditor.get(`${prefix}comment/?message=${id}&page_size=2`)).json();
      expect(page).toMatchObject({ elements_count: 3, last_page: 2 });
      expect(page.results.map((c: { text: string }) => c.text)).toEqual(['новый', 'лучший']);
      const count = (
        await superEditor.get(`${prefix}comment/pagination_count/?message=${id}&page_size=2`)
      ).json();
      expect(count).toEqual({ elements_count: 3, last_page: 2 });
      const one = (await superEditor.get(`${prefix}one_comment_by_message/?message=${id}`)).json();
      expect(one).toMatchObject({ comment: { text: 'лучший', likes: 9 }, comments_count: 3 });
    }
    const empty = (await superEditor.get(`/api/v2/one_comment_by_message/?message=${ids.d3}`)).json();
    expect(empty).toEqual({ comment: null, comments_count: 0 });
  });

  it('answers 400 without a message, 404 for a missing one, 403 without MESSAGES', async () => {
    const res = await superEditor.get('/api/v2/comment/');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('message');
    expect((await superEditor.get('/api/v2/comment/?message=99999999')).statusCode).toBe(404);
    const noRole = t.as('lomSelection');
    expect((await noRole.get(`/api/v2/comment/?message=${ids.d2}`)).statusCode).toBe(403);
  });
});

describe('filters and tabs some roles may not use (product.md §6)', () => {
  it('refuses the Zefir list, the content-type filter and the editors’ messages without their permissions', async () => {
    const refused: [string, string][] = [
      ['from_zephyr=true', 'from_zephyr'],
      ['type_in=2', 'type_in'],
      ['is_manual=true', 'is_manual'],
    ];
    for (const [query, field] of refused) {
      for (const path of [
        '/api/v3/messages/',
        '/api/v3/messages/pagination_count/',
        '/api/v1/messages/get-xlsx/',
      ]) {
        const res = await viewer.get(`${path}?${period}&${query}`);
        expect(res.statusCode, `${path} ${query}`).toBe(403);
        expect(res.json().field, `${path} ${query}`).toBe(field);
      }
      // Asking for the opposite hides nothing the reader may not see.
      if (query.endsWith('true')) {
        expect((await viewer.get(`/api/v3/messages/?${period}&${field}=false`)).statusCode).toBe(200);
      }
      expect((await superEditor.get(`/api/v3/messages/?${period}&${query}`)).statusCode).toBe(200);
    }
  });

  it('filters the editors’ (manual) messages', async () => {
    const manual = await buildMessage(t.database.db, { day: '2025-04-02', text: 'Вручную', isManual: true });
    const body = (await superEditor.get(`/api/v3/messages/?${period}&is_manual=true`)).json();
    expect(body.results.map((m: { id: number }) => m.id)).toEqual([manual.id]);
    const others = (await superEditor.get(`/api/v3/messages/?${period}&is_manual=false`)).json();
    expect(others.results.map((m: { id: number }) => m.id)).not.toContain(manual.id);
    expect(others.elements_count).toBeGreaterThan(0);
  });

  it('gives the mood table and the lom stat only with MESSAGE_STATISTICS', async () => {
    const withoutStats = await t.caller({ role: 101, extraPermissions: ['MESSAGES'] });
    for (const path of ['/api/v2/messages/mood-table/', '/api/v2/messages/lom-stat/']) {
      expect((await withoutStats.get(`${path}?${period}`)).statusCode, path).toBe(403);
      expect((await viewer.get(`${path}?${period}`)).statusCode, path).toBe(200);
    }
    expect((await withoutStats.get(`/api/v3/messages/?${period}`)).statusCode).toBe(200);
  });
});

describe('glued messages (SHOW_GLUE_MESSAGES)', () => {
  it('shows the original and the duplicates only to users with the permission', async () => {
    const db = t.database.db;
    const original = await buildMessage(db, { day: '2025-04-03', text: 'Оригинал' });
    const copy = await buildMessage(db, {
      day: '2025-04-03',
      text: 'Копия',
      copyFromId: original.id,
      duplicates: [{ id: original.id, url: 'https://example.org/1' }],
    });
    const seen = (await superEditor.get(`/api/v3/messages/${copy.id}/`)).json();
    expect(seen).toMatchObject({ copy_from_id: original.id, duplicates: [{ id: original.id }] });
    const hidden = (await viewer.get(`/api/v3/messages/${copy.id}/`)).json();
    expect(hidden).toMatchObject({ copy_from_id: null, duplicates: [] });
  });
});
