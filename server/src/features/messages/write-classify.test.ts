import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMarkups, userActions } from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildMarkup, buildMessage } from '../../test/factories-messages.ts';
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

const markupsOf = (id: number) =>
  t.database.db
    .select()
    .from(messageMarkups)
    .where(eq(messageMarkups.messageId, id))
    .orderBy(messageMarkups.id);
const logOf = (id: number) =>
  t.database.db.select().from(userActions).where(eq(userActions.messageId, id)).orderBy(userActions.id);

describe('themes and info reasons of a message', () => {
  it('fills the primary theme first, then adds markups; removing clears both', async () => {
    const [t1, t2] = [await buildTheme(t.database.db), await buildTheme(t.database.db)];
    const reason = await buildInfoReason(t.database.db, { themeId: t1.id });
    const m = await buildMessage(t.database.db);
    await rebuildAggregates(t.database.db);
    expect((await editor.post(`/api/v1/messages/${m.id}/theme/`, { theme_id: t1.id })).json()).toMatchObject({
      theme_id: t1.id,
    });
    expect((await editor.post(`/api/v1/messages/${m.id}/theme/`, { theme_id: t2.id })).json()).toMatchObject({
      theme_id: t1.id,
    });
    expect((await markupsOf(m.id)).map((r) => r.themeId)).toEqual([t2.id]);
    // Adding a theme the message already has changes nothing.
    await editor.post(`/api/v1/messages/${m.id}/theme/`, { theme_id: t2.id });
    expect(await markupsOf(m.id)).toHaveLength(1);

    const withReason = await editor.post(`/api/v1/messages/${m.id}/info-reason/`, {
      info_reason_id: reason.id,
      theme_id: t1.id,
    });
    expect(withReason.json()).toMatchObject({ theme_id: t1.id, info_reason_id: reason.id });
    const removed = await editor.delete(`/api/v1/messages/${m.id}/theme/`, { theme_ids: [t1.id, t2.id] });
    expect(removed.json()).toMatchObject({ theme_id: null, info_reason_id: null });
    expect(await markupsOf(m.id)).toEqual([]);
    const log = await logOf(m.id);
    expect(log.map((r) => r.action)).toEqual([
      'message.theme_add',
      'message.theme_add',
      'message.theme_add',
      'message.info_reason_set',
      'message.theme_remove',
    ]);
    expect(log[4]).toMatchObject({
      oldValue: { theme_id: t1.id, markup_themes: [t2.id] },
      newValue: { theme_id: null, markup_themes: [] },
    });
    const { current, expected } = await aggregateSnapshot(t.database.db);
    expect(current).toEqual(expected);
  });

  it('puts an info reason of a markup theme on that markup, and removes it', async () => {
    const [t1, t2] = [await buildTheme(t.database.db), await buildTheme(t.database.db)];
    const reason = await buildInfoReason(t.database.db, { themeId: t2.id });
    const m = await buildMessage(t.database.db, { themeId: t1.id });
    // theme_id omitted: the info reason's own theme is used.
    const res = await editor.post(`/api/v1/messages/${m.id}/info-reason/`, { info_reason_id: reason.id });
    expect(res.json()).toMatchObject({ theme_id: t1.id, info_reason_id: null });
    expect(await markupsOf(m.id)).toMatchObject([{ themeId: t2.id, infoReasonId: reason.id }]);
    const del = await editor.delete(`/api/v1/messages/${m.id}/info_reason/`, { info_reason_id: reason.id });
    expect(del.statusCode).toBe(200);
    expect(await markupsOf(m.id)).toMatchObject([{ themeId: t2.id, infoReasonId: null }]);
  });

  it('clears the primary info reason without a body, and refuses conflicts', async () => {
    const theme = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id });
    const m = await buildMessage(t.database.db, { themeId: theme.id, infoReasonId: reason.id });
    expect((await editor.delete(`/api/v1/messages/${m.id}/info_reason/`)).json()).toMatchObject({
      info_reason_id: null,
      theme_id: theme.id,
    });
    expect((await editor.delete(`/api/v1/messages/${m.id}/info_reason/`)).json()).toMatchObject({
      statusCode: 400,
      field: 'info_reason_id',
    });
    const other = await buildTheme(t.database.db);
    const conflict = await editor.post(`/api/v1/messages/${m.id}/info-reason/`, {
      info_reason_id: reason.id,
      theme_id: other.id,
    });
    expect(conflict.json()).toMatchObject({ statusCode: 400, field: 'info_reason_id' });
    expect((await editor.post(`/api/v1/messages/${m.id}/theme/`, { theme_id: 999_999 })).json().field).toBe(
      'theme_id',
    );
    expect((await viewer.post(`/api/v1/messages/${m.id}/theme/`, { theme_id: theme.id })).statusCode).toBe(
      403,
    );
    expect((await editor.delete('/api/v1/messages/999999/theme/', { theme_ids: 1 })).statusCode).toBe(404);
  });
});

describe('v3 message_markups/', () => {
  it('creates, edits and deletes a markup with the action log', async () => {
    const [t1, t2] = [await buildTheme(t.database.db), await buildTheme(t.database.db)];
    const reason = await buildInfoReason(t.database.db, { themeId: t1.id });
    const m = await buildMessage(t.database.db);
    const created = await editor.post('/api/v3/message_markups/', {
      message: m.id,
      theme: t1.id,
      info_reason: reason.id,
      mood: 5,
    });
    expect(created.statusCode).toBe(201);
    const markup = created.json();
    expect(markup).toMatchObject({ message: m.id, theme: t1.id, info_reason: reason.id, mood: 5 });
    // A new theme alone drops the info reason of the old one.
    const moved = await editor.patch(`/api/v3/message_markups/${markup.id}/`, { theme: t2.id });
    expect(moved.json()).toMatchObject({ theme: t2.id, info_reason: null, mood: 5 });
    expect((await editor.delete(`/api/v3/message_markups/${markup.id}/`)).statusCode).toBe(200);
    expect(await markupsOf(m.id)).toEqual([]);
    expect((await logOf(m.id)).map((r) => r.action)).toEqual([
      'markup.create',
      'markup.update',
      'markup.delete',
    ]);
  });

  it('answers 400, 404 and 403', async () => {
    const theme = await buildTheme(t.database.db);
    const m = await buildMessage(t.database.db);
    expect(
      (await editor.post('/api/v3/message_markups/', { message: 999_999, theme: theme.id })).json().field,
    ).toBe('message');
    expect((await editor.post('/api/v3/message_markups/', { message: m.id })).json().field).toBe('theme');
    expect((await editor.patch('/api/v3/message_markups/999999/', { mood: 1 })).statusCode).toBe(404);
    const markup = await buildMarkup(t.database.db, m.id, { themeId: theme.id });
    expect((await editor.patch(`/api/v3/message_markups/${markup.id}/`, {})).json().field).toBe('body');
    expect((await viewer.delete(`/api/v3/message_markups/${markup.id}/`)).statusCode).toBe(403);
  });
});
