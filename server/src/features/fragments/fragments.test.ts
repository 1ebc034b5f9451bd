import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fragments, fragmentTags, loms, messageRubrics, userActions } from '../../db/schema/index.ts';
import { buildInfoReason, buildRubric, buildTag, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildFragment, buildMessage, MESSAGE_TEXT } from '../../test/factories-messages.ts';
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

const fragmentOf = async (id: number) =>
  (await t.database.db.select().from(fragments).where(eq(fragments.id, id)))[0];
const logOf = async (messageId: number) =>
  t.database.db
    .select()
    .from(userActions)
    .where(eq(userActions.messageId, messageId))
    .orderBy(userActions.id);

describe('single fragment calls', () => {
  it('sets mood_ai and edits span, mood, theme, info reason and tags', async () => {
    const theme = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id });
    const tag = await buildTag(t.database.db);
    const m = await buildMessage(t.database.db);
    const f = await buildFragment(t.database.db, m.id);
    const ai = await editor.patch(`/api/v1/fragments/${f.id}/mood-ai/`, { mood_ai: 2 });
    expect(ai.json()).toMatchObject({ id: f.id, mood_ai: 2 });
    const start = MESSAGE_TEXT.indexOf('Жители');
    const edit = await editor.patch(`/api/v2/fragments/${f.id}/edit/`, {
      start,
      end: MESSAGE_TEXT.length,
      mood: 6,
      info_reason: reason.id,
      tags: [tag.id],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      text: MESSAGE_TEXT.slice(start),
      start,
      end: MESSAGE_TEXT.length,
      mood: 6,
      theme_id: theme.id,
      info_reason_id: reason.id,
      tags: [tag.id],
    });
    const log = await logOf(m.id);
    expect(log.map((r) => r.action)).toEqual(['fragment.mood_ai', 'fragment.edit']);
    expect(log[1]).toMatchObject({
      type: 2,
      oldValue: { mood: null, tags: [], start: 0 },
      newValue: { mood: 6, tags: [tag.id], start },
    });
  });

  it('edits a span by offsets in the shown text of a message with emoji and tags', async () => {
    const m = await buildMessage(t.database.db, { text: '🔥 <i>Срочно</i>: мост открыт' });
    const shown = ' Срочно: мост открыт';
    const f = await buildFragment(t.database.db, m.id, { text: 'Срочно', start: 1, end: 7 });
    const start = shown.indexOf('мост');
    const edit = await editor.patch(`/api/v2/fragments/${f.id}/edit/`, { start, end: shown.length });
    expect(edit.statusCode).toBe(200);
    // Without a text the span's text is taken from the shown text too.
    expect(edit.json()).toMatchObject({ text: 'мост открыт', start, end: shown.length });
  });

  it('refuses a span that is not the message text, and bad moods', async () => {
    const m = await buildMessage(t.database.db);
    const f = await buildFragment(t.database.db, m.id);
    const cases: [object, string][] = [
      [{ text: 'не то' }, 'text'],
      [{ end: MESSAGE_TEXT.length + 5 }, 'end'],
      [{ start: 20, end: 10 }, 'end'],
      [{ mood: 7 }, 'mood'],
      [{}, 'body'],
      [{ theme: 999_999 }, 'theme'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.patch(`/api/v2/fragments/${f.id}/edit/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await editor.patch(`/api/v1/fragments/${f.id}/mood-ai/`, { mood_ai: 'x' })).json().field).toBe(
      'mood_ai',
    );
    expect((await editor.patch('/api/v1/fragments/999999/mood-ai/', { mood_ai: 1 })).statusCode).toBe(404);
    expect((await viewer.patch(`/api/v1/fragments/${f.id}/mood-ai/`, { mood_ai: 1 })).statusCode).toBe(403);
    expect((await t.anonymous.patch(`/api/v1/fragments/${f.id}/mood-ai/`, { mood_ai: 1 })).statusCode).toBe(
      401,
    );
  });

  it('makes a quote of a fragment and deletes the fragment', async () => {
    const lom = await buildLom(t.database.db);
    const theme = await buildTheme(t.database.db);
    const m = await buildMessage(t.database.db, { lomId: lom.id, fragmentPresence: true });
    const f = await buildFragment(t.database.db, m.id, { mood: 1, themeId: theme.id, speechTimestamp: 15 });
    const quote = await editor.post(`/api/v1/fragments/${f.id}/quote/`, { text: 'Губернатор' });
    expect(quote.statusCode).toBe(201);
    expect(quote.json()).toMatchObject({
      fragment_id: f.id,
      message_id: m.id,
      lom_id: lom.id,
      mood: 1,
      theme_id: theme.id,
      speech_timestamp: 15,
    });
    expect((await t.database.db.select().from(loms).where(eq(loms.id, lom.id)))[0].quotesCount).toBe(1);
    const del = await editor.delete(`/api/v1/fragments/${f.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: m.id, fragment_presence: false });
    expect(await fragmentOf(f.id)).toBeUndefined();
    expect((await editor.delete(`/api/v1/fragments/${f.id}/`)).statusCode).toBe(404);
    expect((await editor.post(`/api/v1/fragments/${f.id}/quote/`, { text: '' })).json().field).toBe('text');
  });

  it('clears the theme (with its info reason) or the info reason when it is the given one', async () => {
    const theme = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id });
    const m = await buildMessage(t.database.db);
    const f = await buildFragment(t.database.db, m.id, { themeId: theme.id, infoReasonId: reason.id });
    const other = await buildTheme(t.database.db);
    // Another theme: nothing changes, nothing is logged.
    expect(
      (await editor.delete(`/api/v1/fragments/${f.id}/theme/`, { theme_id: other.id })).json(),
    ).toMatchObject({ theme_id: theme.id });
    const g = await buildFragment(t.database.db, m.id, { themeId: theme.id, infoReasonId: reason.id });
    expect(
      (await editor.delete(`/api/v1/fragments/${g.id}/info-reason/`, { info_reason_id: reason.id })).json(),
    ).toMatchObject({
      theme_id: theme.id,
      info_reason_id: null,
    });
    expect(
      (await editor.delete(`/api/v1/fragments/${f.id}/theme/`, { theme_id: theme.id })).json(),
    ).toMatchObject({
      theme_id: null,
      info_reason_id: null,
    });
    expect((await logOf(m.id)).map((r) => r.action)).toEqual([
      'fragment.info_reason_remove',
      'fragment.theme_remove',
    ]);
    expect((await editor.delete(`/api/v1/fragments/${f.id}/theme/`, {})).json().field).toBe('theme_id');
  });
});

describe('fields of several fragments', () => {
  it('PATCH fragments/{ids}/fields/ sets fields on every listed fragment', async () => {
    const m = await buildMessage(t.database.db);
    const [a, b] = [await buildFragment(t.database.db, m.id), await buildFragment(t.database.db, m.id)];
    const tag = await buildTag(t.database.db);
    const res = await editor.patch(`/api/v1/fragments/${a.id},${b.id}/fields/`, { mood: 5, tags: [tag.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { mood: number; tags: number[] }) => [f.mood, f.tags])).toEqual([
      [5, [tag.id]],
      [5, [tag.id]],
    ]);
    expect(
      await t.database.db.select().from(fragmentTags).where(eq(fragmentTags.tagId, tag.id)),
    ).toHaveLength(2);
    expect((await editor.patch(`/api/v1/fragments/${a.id},999999/fields/`, { mood: 1 })).statusCode).toBe(
      404,
    );
    expect((await editor.patch('/api/v1/fragments/a,b/fields/', { mood: 1 })).json().field).toBe('ids');
    expect(
      (await editor.patch(`/api/v1/fragments/${a.id}/fields/`, { mood: 1, extra: 1 })).json().field,
    ).toBe('extra');
  });

  it('PATCH v3 messages/fragment_fields/ answers 422 for a foreign fragment or conflicting fields', async () => {
    const [t1, t2] = [await buildTheme(t.database.db), await buildTheme(t.database.db)];
    const reason = await buildInfoReason(t.database.db, { themeId: t1.id });
    const m = await buildMessage(t.database.db);
    const other = await buildMessage(t.database.db);
    const mine = await buildFragment(t.database.db, m.id, { mood: 3 });
    const foreign = await buildFragment(t.database.db, other.id, { mood: 3 });
    const url = '/api/v3/messages/fragment_fields/';
    const wrong = await editor.patch(url, { ids: [m.id], fragment_ids: [mine.id, foreign.id], mood: 1 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ statusCode: 422, field: 'fragment_ids' });
    const conflict = await editor.patch(url, {
      ids: [m.id],
      fragment_ids: [mine.id],
      theme: t2.id,
      info_reason: reason.id,
    });
    expect(conflict.statusCode).toBe(422);
    expect(conflict.json().field).toBe('info_reason');
    expect((await fragmentOf(mine.id)).mood).toBe(3);
    const ok = await editor.patch(url, {
      ids: [m.id, other.id],
      fragment_ids: [mine.id, foreign.id],
      mood: 1,
      theme: t1.id,
      info_reason: reason.id,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject([
      { id: mine.id, mood: 1, theme_id: t1.id, info_reason_id: reason.id },
      { id: foreign.id, mood: 1 },
    ]);
    expect((await editor.patch(url, { ids: [m.id], fragment_ids: [mine.id] })).json()).toMatchObject({
      statusCode: 400,
      field: 'body',
    });
    expect((await viewer.patch(url, { ids: [m.id], fragment_ids: [mine.id], mood: 1 })).statusCode).toBe(403);
  });
});

describe('GET v3 fragments/', () => {
  it('lists fragments of a period by lom, rubric, theme and verification, newest first', async () => {
    const lom = await buildLom(t.database.db);
    const theme = await buildTheme(t.database.db);
    const rubric = await buildRubric(t.database.db);
    const tag = await buildTag(t.database.db);
    const march = await buildMessage(t.database.db, {
      lomId: lom.id,
      verified: true,
      wroteAt: new Date('2024-03-10T10:00:00Z'),
    });
    const april = await buildMessage(t.database.db, {
      lomId: lom.id,
      verified: true,
      wroteAt: new Date('2024-04-10T10:00:00Z'),
    });
    const unverified = await buildMessage(t.database.db, {
      lomId: lom.id,
      verified: false,
      wroteAt: new Date('2024-03-11T10:00:00Z'),
    });
    await t.database.db.insert(messageRubrics).values([
      { messageId: march.id, rubricId: rubric.id },
      { messageId: april.id, rubricId: rubric.id },
    ]);
    const f1 = await buildFragment(t.database.db, march.id, { themeId: theme.id });
    const f2 = await buildFragment(t.database.db, april.id, { themeId: theme.id });
    await buildFragment(t.database.db, unverified.id, { themeId: theme.id });
    await t.database.db.insert(fragmentTags).values({ fragmentId: f1.id, tagId: tag.id });
    const base = `/api/v3/fragments/?lom=${lom.id}&fragments_theme=${theme.id}&rubric_in=${rubric.id}&verified=true`;
    const all = await viewer.get(base);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ elements_count: 2, page: 1, last_page: 1 });
    expect(all.json().results.map((r: { id: number }) => r.id)).toEqual([f2.id, f1.id]);
    expect(all.json().results[1]).toMatchObject({
      lom: { id: lom.id },
      theme: { id: theme.id },
      tag_items: [{ id: tag.id }],
      message_verified: true,
    });
    const march1 = await viewer.get(
      `${base}&wrote_at_after=2024-03-01&wrote_at_before=2024-03-31&ordering=wrote_at`,
    );
    expect(march1.json().results.map((r: { id: number }) => r.id)).toEqual([f1.id]);
    const page2 = await viewer.get(`${base}&page=2&page_size=1`);
    expect(page2.json()).toMatchObject({ page: 2, last_page: 2, elements_count: 2 });
    expect((await viewer.get(`${base}&ordering=text`)).json().field).toBe('ordering');
    expect((await viewer.get(`${base}&wrote_at_after=вчера`)).json().field).toBe('wrote_at_after');
    const role0 = t.as('role0');
    expect((await role0.get(base)).statusCode).toBe(403);
    expect((await t.anonymous.get(base)).statusCode).toBe(401);
  });
});
