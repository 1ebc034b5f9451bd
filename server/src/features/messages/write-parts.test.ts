import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fragments, loms, messages, quotes, userActions } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildFragment, buildMessage, buildQuote, MESSAGE_TEXT } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let viewer: UserCaller;

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  viewer = t.as('user');
});
afterAll(() => t.close());

const actions = async (messageId: number) =>
  (
    await t.database.db
      .select()
      .from(userActions)
      .where(eq(userActions.messageId, messageId))
      .orderBy(userActions.id)
  ).map((r) => r.action);
const messageOf = async (id: number) =>
  (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
const lomOf = async (id: number) => (await t.database.db.select().from(loms).where(eq(loms.id, id)))[0];

describe('POST messages/{id}/quote/', () => {
  it('creates a quote of the speaker with the message classification and counts it on the lom', async () => {
    const author = await buildLom(t.database.db);
    const speaker = await buildLom(t.database.db);
    const theme = await buildTheme(t.database.db);
    const m = await buildMessage(t.database.db, {
      lomId: author.id,
      speakerId: speaker.id,
      mood: 6,
      themeId: theme.id,
      speechTimestamp: 40,
    });
    const res = await editor.post(`/api/v1/messages/${m.id}/quote/`, {
      text: ' Мы откроем ещё две школы ',
      speech_timestamp: 42,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message_id: m.id,
      lom_id: speaker.id,
      text: 'Мы откроем ещё две школы',
      speech_timestamp: 42,
      mood: 6,
      theme_id: theme.id,
      is_manual: false,
    });
    expect((await lomOf(speaker.id)).quotesCount).toBe(1);
    expect(await actions(m.id)).toEqual(['quote.create']);
  });

  it('answers 400 naming the field, 404 and 403', async () => {
    const m = await buildMessage(t.database.db);
    const empty = await editor.post(`/api/v1/messages/${m.id}/quote/`, { text: '   ' });
    expect(empty.json()).toMatchObject({ statusCode: 400, field: 'text' });
    const stamp = await editor.post(`/api/v1/messages/${m.id}/quote/`, { text: 'а', speech_timestamp: -1 });
    expect(stamp.json()).toMatchObject({ statusCode: 400, field: 'speech_timestamp' });
    expect((await editor.post('/api/v1/messages/999999/quote/', { text: 'а' })).statusCode).toBe(404);
    expect((await viewer.post(`/api/v1/messages/${m.id}/quote/`, { text: 'а' })).statusCode).toBe(403);
  });
});

describe('POST messages/{id}/fragment/', () => {
  it('creates a fragment at 0-based offsets (end exclusive) and sets fragment_presence', async () => {
    const theme = await buildTheme(t.database.db);
    const m = await buildMessage(t.database.db, { themeId: theme.id });
    const start = MESSAGE_TEXT.indexOf('Жители');
    const end = MESSAGE_TEXT.length;
    const res = await editor.post(`/api/v1/messages/${m.id}/fragment/`, {
      text: MESSAGE_TEXT.slice(start, end),
      start,
      end,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message_id: m.id,
      start,
      end,
      theme_id: theme.id,
      mood: null,
      tags: [],
    });
    expect((await messageOf(m.id)).fragmentPresence).toBe(true);
    expect(await actions(m.id)).toEqual(['fragment.create', 'message.fragment_presence']);
  });

  it('refuses a text that is not the substring, bounds outside the text and reversed bounds', async () => {
    const m = await buildMessage(t.database.db);
    const cases: [object, string][] = [
      [{ text: 'Губернатор', start: 1, end: 11 }, 'text'],
      [{ text: 'x', start: 0, end: MESSAGE_TEXT.length + 1 }, 'end'],
      [{ text: 'Губернатор', start: 5, end: 5 }, 'end'],
      [{ text: 'Губернатор', start: -1, end: 10 }, 'start'],
      [{ start: 0, end: 10 }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.post(`/api/v1/messages/${m.id}/fragment/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await messageOf(m.id)).fragmentPresence).toBe(false);
    const ok = await editor.post(`/api/v1/messages/${m.id}/fragment/`, {
      text: 'Губернатор',
      start: 0,
      end: 10,
    });
    expect(ok.statusCode).toBe(201);
  });
  it('counts offsets in the text the API shows (no emoji, no tags but <mark> and <br>)', async () => {
    const stored = 'Привет 👋 <b>жирный</b> мир<BR/>и <mark>люди</mark>';
    const m = await buildMessage(t.database.db, { text: stored });
    const detail = await editor.get(`/api/v3/messages/${m.id}/`);
    const shown: string = detail.json().text;
    expect(shown).toBe('Привет  жирный мир<br>и <mark>люди</mark>');
    // What the editor sends for a mouse selection of «жирный мир» on that text.
    const start = shown.indexOf('жирный');
    const end = shown.indexOf('мир') + 'мир'.length;
    const res = await editor.post(`/api/v1/messages/${m.id}/fragment/`, {
      text: shown.slice(start, end),
      start,
      end,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'жирный мир', start, end });
    const [saved] = (await editor.get(`/api/v3/messages/${m.id}/`).then((r) => r.json().fragments)) as {
      start: number;
      end: number;
    }[];
    expect(shown.slice(saved.start, saved.end)).toBe('жирный мир');

    // The same words at their offsets in the stored text are not a span of the shown one.
    const rawStart = stored.indexOf('жирный');
    const raw = await editor.post(`/api/v1/messages/${m.id}/fragment/`, {
      text: 'жирный',
      start: rawStart,
      end: rawStart + 'жирный'.length,
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().field).toBe('text');
  });
});

describe('DELETE v3 messages/fragment-deletion/', () => {
  it('removes the fragments, answers 204 and clears fragment_presence when none is left', async () => {
    const m = await buildMessage(t.database.db, { fragmentPresence: true });
    const f1 = await buildFragment(t.database.db, m.id);
    const f2 = await buildFragment(t.database.db, m.id);
    const quote = await buildQuote(t.database.db, { messageId: m.id, fragmentId: f1.id });
    const first = await editor.delete('/api/v3/messages/fragment-deletion/', {
      messages: [m.id],
      fragments: [f1.id],
    });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await messageOf(m.id)).fragmentPresence).toBe(true);
    // The quote made of the fragment stays, unlinked.
    expect(
      (await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0].fragmentId,
    ).toBeNull();
    expect(
      (await editor.delete('/api/v3/messages/fragment-deletion/', { messages: [m.id] })).statusCode,
    ).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(fragments)
        .where(inArray(fragments.id, [f1.id, f2.id])),
    ).toEqual([]);
    expect((await messageOf(m.id)).fragmentPresence).toBe(false);
    expect(await actions(m.id)).toEqual(['fragment.delete', 'fragment.delete']);
  });

  it('refuses fragments of other messages and changes nothing', async () => {
    const m = await buildMessage(t.database.db, { fragmentPresence: true });
    const other = await buildMessage(t.database.db, { fragmentPresence: true });
    const mine = await buildFragment(t.database.db, m.id);
    const foreign = await buildFragment(t.database.db, other.id);
    const res = await editor.delete('/api/v3/messages/fragment-deletion/', {
      messages: [m.id],
      fragments: [mine.id, foreign.id],
    });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'fragments' });
    expect(
      await t.database.db
        .select()
        .from(fragments)
        .where(inArray(fragments.id, [mine.id, foreign.id])),
    ).toHaveLength(2);
    expect((await editor.delete('/api/v3/messages/fragment-deletion/', { messages: [] })).json().field).toBe(
      'messages',
    );
    expect(
      (await viewer.delete('/api/v3/messages/fragment-deletion/', { messages: [m.id] })).statusCode,
    ).toBe(403);
  });
});

describe('speaker calls', () => {
  it('adds and removes the speaker and merges speech data into quotes and fragments', async () => {
    const author = await buildLom(t.database.db);
    const speaker = await buildLom(t.database.db);
    const m = await buildMessage(t.database.db, { lomId: author.id });
    const quote = await buildQuote(t.database.db, { messageId: m.id, lomId: author.id });
    const fragment = await buildFragment(t.database.db, m.id);
    await rebuildAggregates(t.database.db);
    expect((await lomOf(author.id)).quotesCount).toBe(1);

    const add = await editor.patch(`/api/v1/messages/${m.id}/add-speaker/`, {
      speaker: speaker.id,
      speech_timestamp: 120,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ speaker_id: speaker.id, speech_timestamp: 120 });
    const merge = await editor.patch(`/api/v1/messages/${m.id}/merge-speech-data/`);
    expect(merge.statusCode).toBe(200);
    const [q] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(q).toMatchObject({ lomId: speaker.id, speechTimestamp: 120 });
    const [f] = await t.database.db.select().from(fragments).where(eq(fragments.id, fragment.id));
    expect(f.speechTimestamp).toBe(120);
    expect((await lomOf(author.id)).quotesCount).toBe(0);
    expect((await lomOf(speaker.id)).quotesCount).toBe(1);

    const del = await editor.patch(`/api/v1/messages/${m.id}/del-speaker/`);
    expect(del.json()).toMatchObject({ speaker_id: null, speech_timestamp: null });
    expect(await actions(m.id)).toEqual([
      'message.speaker_add',
      'message.speech_merge',
      'message.speaker_remove',
    ]);
  });

  it('refuses an unknown speaker and a viewer', async () => {
    const m = await buildMessage(t.database.db);
    const res = await editor.patch(`/api/v1/messages/${m.id}/add-speaker/`, { speaker: 999_999 });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'speaker' });
    expect((await editor.patch(`/api/v1/messages/${m.id}/add-speaker/`, {})).json().field).toBe('speaker');
    expect((await viewer.patch(`/api/v1/messages/${m.id}/del-speaker/`)).statusCode).toBe(403);
    expect((await editor.patch('/api/v1/messages/999999/merge-speech-data/')).statusCode).toBe(404);
  });
});

describe('POST messages/create-manual-quote/', () => {
  it('creates a manual quote of a lom, or of a message with its defaults', async () => {
    const lom = await buildLom(t.database.db);
    const res = await editor.post('/api/v1/messages/create-manual-quote/', {
      text: 'Сказано в эфире',
      lom_id: lom.id,
      wrote_at: '2025-03-01T10:00:00+03:00',
      mood: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      lom_id: lom.id,
      is_manual: true,
      mood: 1,
      message_id: null,
      wrote_at: '2025-03-01T07:00:00.000Z',
    });
    expect((await lomOf(lom.id)).quotesCount).toBe(1);

    const theme = await buildTheme(t.database.db);
    const m = await buildMessage(t.database.db, { lomId: lom.id, mood: 2, themeId: theme.id });
    const fromMessage = await editor.post('/api/v1/messages/create-manual-quote/', {
      text: 'Цитата',
      message_id: m.id,
    });
    expect(fromMessage.json()).toMatchObject({
      message_id: m.id,
      lom_id: lom.id,
      mood: 2,
      theme_id: theme.id,
      is_manual: true,
    });
    expect(await actions(m.id)).toEqual(['quote.create_manual']);
  });

  it('needs a lom or a message and refuses unknown ones', async () => {
    const cases: [object, string][] = [
      [{ text: 'а' }, 'lom_id'],
      [{ text: 'а', lom_id: 999_999 }, 'lom_id'],
      [{ text: 'а', message_id: 999_999 }, 'message_id'],
      [{ text: 'а', lom_id: 1, wrote_at: 'вчера' }, 'wrote_at'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.post('/api/v1/messages/create-manual-quote/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(
      (await viewer.post('/api/v1/messages/create-manual-quote/', { text: 'а', lom_id: 1 })).statusCode,
    ).toBe(403);
  });

  it('needs CREATE_MESSAGE, as a manual message does, not the right to edit messages', async () => {
    const quote = { text: 'Цитата вручную', lom_id: 1 };
    const editorOnly = await t.caller({ role: 3, uiPermissions: ['edit_messages'] });
    const author = await t.caller({ role: 3, extraPermissions: ['CREATE_MESSAGE'] });
    const url = '/api/v1/messages/create-manual-quote/';
    expect((await editorOnly.post(url, quote)).statusCode).toBe(403);
    expect((await author.post(url, quote)).statusCode).toBe(201);
  });
});
