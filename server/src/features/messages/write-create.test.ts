import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fragments,
  messagePersonalTags,
  messageRubrics,
  messages,
  personalThemes,
  userActions,
} from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildPersonalTag, buildRubric, buildTheme } from '../../test/factories-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { buildFragment, buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let viewer: UserCaller;
let otherUserId: number;

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  viewer = t.as('user');
  otherUserId = (await t.caller()).user.id;
});
afterAll(() => t.close());

const messageOf = async (id: number) =>
  (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
const logOf = (id: number) =>
  t.database.db.select().from(userActions).where(eq(userActions.messageId, id)).orderBy(userActions.id);

describe('rubrics and personal tags', () => {
  it('adds and removes rubrics', async () => {
    const [r1, r2] = [await buildRubric(t.database.db), await buildRubric(t.database.db)];
    const m = await buildMessage(t.database.db);
    expect(
      (await editor.patch(`/api/v3/messages/${m.id}/rubrics/`, { rubrics_id: [r1.id, r2.id] })).statusCode,
    ).toBe(200);
    expect((await editor.delete(`/api/v3/messages/${m.id}/rubrics/`, { rubrics_id: r1.id })).statusCode).toBe(
      200,
    );
    const rows = await t.database.db.select().from(messageRubrics).where(eq(messageRubrics.messageId, m.id));
    expect(rows.map((r) => r.rubricId)).toEqual([r2.id]);
    expect((await logOf(m.id)).map((r) => [r.action, r.oldValue, r.newValue])).toEqual([
      ['message.rubrics_add', { rubrics: [] }, { rubrics: [r1.id, r2.id] }],
      ['message.rubrics_remove', { rubrics: [r1.id, r2.id] }, { rubrics: [r2.id] }],
    ]);
    expect(
      (await editor.patch(`/api/v3/messages/${m.id}/rubrics/`, { rubrics_id: 999_999 })).json().field,
    ).toBe('rubrics_id');
    expect((await editor.patch(`/api/v3/messages/${m.id}/rubrics/`, { rubrics_id: 'a' })).json().field).toBe(
      'rubrics_id',
    );
    expect((await viewer.patch(`/api/v3/messages/${m.id}/rubrics/`, { rubrics_id: r1.id })).statusCode).toBe(
      403,
    );
  });

  it("sets only the current user's own personal tags", async () => {
    const [mine, mine2] = [
      await buildPersonalTag(t.database.db, viewer.user.id),
      await buildPersonalTag(t.database.db, viewer.user.id),
    ];
    const foreign = await buildPersonalTag(t.database.db, otherUserId);
    const m = await buildMessage(t.database.db);
    // Another user's tag on the same message is never touched.
    await t.database.db.insert(messagePersonalTags).values({ messageId: m.id, personalTagId: foreign.id });
    const set = await viewer.patch(`/api/v3/messages/${m.id}/personal_tags/`, {
      personal_tags: [mine.id, mine2.id],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().personal_tags.map((p: { id: number }) => p.id)).toEqual([mine.id, mine2.id]);
    const refused = await viewer.patch(`/api/v3/messages/${m.id}/personal_tags/`, {
      personal_tags: [foreign.id],
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, field: 'personal_tags' });
    const del = await viewer.delete(`/api/v3/messages/${m.id}/personal-tags/${mine.id}/`);
    expect(del.json().personal_tags.map((p: { id: number }) => p.id)).toEqual([mine2.id]);
    expect((await viewer.delete(`/api/v3/messages/${m.id}/personal-tags/${foreign.id}/`)).statusCode).toBe(
      404,
    );
    const cleared = await viewer.patch(`/api/v3/messages/${m.id}/personal_tags/`, { personal_tags: [] });
    expect(cleared.json().personal_tags).toEqual([]);
    const left = await t.database.db
      .select()
      .from(messagePersonalTags)
      .where(eq(messagePersonalTags.messageId, m.id));
    expect(left.map((r) => r.personalTagId)).toEqual([foreign.id]);
    const role0 = t.as('role0');
    expect(
      (await role0.patch(`/api/v3/messages/${m.id}/personal_tags/`, { personal_tags: [] })).statusCode,
    ).toBe(403);
  });
});

describe('POST messages/{id}/convert-from-ai/', () => {
  it("takes the AI's mood for the message and its fragments and sets state 4", async () => {
    const m = await buildMessage(t.database.db, { state: 2, mood: null, moodAi: 5 });
    const f = await buildFragment(t.database.db, m.id, { mood: 3, moodAi: 1 });
    const keep = await buildFragment(t.database.db, m.id, { mood: 2, moodAi: null });
    const res = await editor.post(`/api/v1/messages/${m.id}/convert-from-ai/`);
    expect(res.json()).toMatchObject({ mood: 5, state: 4 });
    const rows = await t.database.db
      .select()
      .from(fragments)
      .where(eq(fragments.messageId, m.id))
      .orderBy(fragments.id);
    expect(rows.map((r) => [r.id, r.mood])).toEqual([
      [f.id, 1],
      [keep.id, 2],
    ]);
    expect(await logOf(m.id)).toMatchObject([
      {
        action: 'message.convert_from_ai',
        oldValue: { mood: null, state: 2, fragments: [{ id: f.id, mood: 3 }] },
        newValue: { mood: 5, state: 4, fragments: [{ id: f.id, mood: 1 }] },
      },
    ]);
    expect((await viewer.post(`/api/v1/messages/${m.id}/convert-from-ai/`)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/messages/ (manual message)', () => {
  it('creates a manual message and counts it in the rollup', async () => {
    const lom = await buildLom(t.database.db);
    const account = await buildLomSource(t.database.db, { lomId: lom.id });
    const theme = await buildTheme(t.database.db);
    await rebuildAggregates(t.database.db);
    const res = await editor.post('/api/v1/messages/', {
      lom_id: lom.id,
      lom_source_id: account.id,
      text: 'Новая публикация',
      wrote_at: '2025-03-05T09:00:00+03:00',
      url: 'https://example.ru/post/1',
      message_type: 0,
      mood: 1,
      theme_id: theme.id,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ is_manual: true, state: 1, mood: 1, theme_id: theme.id });
    expect(await messageOf(body.id)).toMatchObject({
      lomId: lom.id,
      sourceId: account.sourceId,
      lomName: lom.name,
    });
    expect((await logOf(body.id)).map((r) => r.action)).toEqual(['message.create']);
    const { current, expected } = await aggregateSnapshot(t.database.db);
    expect(current).toEqual(expected);
  });

  it('refuses bad input naming the field and a role without CREATE_MESSAGE', async () => {
    const lom = await buildLom(t.database.db);
    const stranger = await buildLomSource(t.database.db, { lomId: (await buildLom(t.database.db)).id });
    const base = { lom_id: lom.id, text: 'Текст', wrote_at: '2025-03-05T09:00:00Z', message_type: 0 };
    const cases: [object, string][] = [
      [{ ...base, lom_id: 999_999 }, 'lom_id'],
      [{ ...base, lom_source_id: stranger.id }, 'lom_source_id'],
      [{ ...base, message_type: 5 }, 'message_type'],
      [{ ...base, wrote_at: '2999-01-01T00:00:00Z' }, 'wrote_at'],
      [{ ...base, url: 'javascript:alert(1)' }, 'url'],
      [{ ...base, text: '' }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.post('/api/v1/messages/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await viewer.post('/api/v1/messages/', base)).statusCode).toBe(403);
  });
});

describe('POST messages/save_personal_theme/', () => {
  it('saves the filter as a personal theme of the current user', async () => {
    const res = await viewer.post('/api/v1/messages/save_personal_theme/', {
      name: 'Мои школы',
      filters: { theme_in: '1,2', archived: false },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Мои школы',
      type: 1,
      filters: { theme_in: '1,2', archived: false },
    });
    const [row] = await t.database.db
      .select()
      .from(personalThemes)
      .where(eq(personalThemes.id, res.json().id));
    expect(row.userId).toBe(viewer.user.id);
    const unnamed = await viewer.post('/api/v1/messages/save_personal_theme/', {
      name: ' ',
      filter: { lom_in: [1] },
    });
    expect(unnamed.json()).toMatchObject({ name: 'без имени', filters: { lom_in: [1] } });
    const nameless = await viewer.post('/api/v1/messages/save_personal_theme/', { filter: { lom_in: [1] } });
    expect(nameless.json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect(
      (await viewer.post('/api/v1/messages/save_personal_theme/', { name: 'x', type: 0 })).json().field,
    ).toBe('type');
    const role0 = t.as('role0');
    expect((await role0.post('/api/v1/messages/save_personal_theme/', { name: 'x' })).statusCode).toBe(403);
  });
});
