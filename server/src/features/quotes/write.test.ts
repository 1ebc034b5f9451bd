import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loms, quotes, userActions } from '../../db/schema/index.ts';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, buildQuote } from '../../test/factories-messages.ts';
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

const quoteOf = async (id: number) => (await t.database.db.select().from(quotes).where(eq(quotes.id, id)))[0];

describe('DELETE v2 and v3 quotes/{id}/', () => {
  it('deletes the quote, logs it and recounts the lom', async () => {
    const lom = await buildLom(t.database.db);
    const m = await buildMessage(t.database.db, { lomId: lom.id });
    const a = await buildQuote(t.database.db, { lomId: lom.id, messageId: m.id });
    const b = await buildQuote(t.database.db, { lomId: lom.id });
    await rebuildAggregates(t.database.db);
    const res = await editor.delete(`/api/v2/quotes/${a.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Цитата удалена' });
    expect((await t.database.db.select().from(loms).where(eq(loms.id, lom.id)))[0].quotesCount).toBe(1);
    expect((await editor.delete(`/api/v3/quotes/${b.id}/`)).statusCode).toBe(200);
    expect((await t.database.db.select().from(loms).where(eq(loms.id, lom.id)))[0].quotesCount).toBe(0);
    const log = await t.database.db.select().from(userActions).where(eq(userActions.action, 'quote.delete'));
    expect(log.map((r) => [r.type, r.messageId, r.lomId])).toEqual([
      [3, m.id, lom.id],
      [3, null, lom.id],
    ]);
    expect((await editor.delete(`/api/v3/quotes/${b.id}/`)).statusCode).toBe(404);
  });

  it('answers 401, 403 and 400', async () => {
    const q = await buildQuote(t.database.db);
    expect((await t.anonymous.delete(`/api/v3/quotes/${q.id}/`)).statusCode).toBe(401);
    expect((await viewer.delete(`/api/v3/quotes/${q.id}/`)).statusCode).toBe(403);
    expect((await editor.delete('/api/v3/quotes/x/')).json().field).toBe('id');
    expect(await quoteOf(q.id)).toBeDefined();
  });
});

describe('DELETE quotes/{id}/theme/ and info-reason/', () => {
  it('clears the theme with its info reason, or the info reason alone', async () => {
    const theme = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id });
    const a = await buildQuote(t.database.db, { themeId: theme.id, infoReasonId: reason.id });
    const b = await buildQuote(t.database.db, { themeId: theme.id, infoReasonId: reason.id });
    const themeRes = await editor.delete(`/api/v1/quotes/${a.id}/theme/`);
    expect(themeRes.json()).toMatchObject({ id: a.id, theme_id: null, info_reason_id: null });
    const reasonRes = await editor.delete(`/api/v3/quotes/${b.id}/info-reason/`, {
      info_reason_id: reason.id,
    });
    expect(reasonRes.json()).toMatchObject({ id: b.id, theme_id: theme.id, info_reason_id: null });
    // An id the quote no longer carries changes nothing.
    const other = await buildTheme(t.database.db);
    expect(
      (await editor.delete(`/api/v2/quotes/${b.id}/theme/`, { theme_id: other.id })).json(),
    ).toMatchObject({
      theme_id: theme.id,
    });
    const log = await t.database.db
      .select()
      .from(userActions)
      .where(eq(userActions.type, 3))
      .orderBy(userActions.id);
    expect(log.slice(-2).map((r) => [r.action, r.oldValue, r.newValue])).toEqual([
      [
        'quote.theme_remove',
        { theme_id: theme.id, info_reason_id: reason.id },
        { theme_id: null, info_reason_id: null },
      ],
      [
        'quote.info_reason_remove',
        { theme_id: theme.id, info_reason_id: reason.id },
        { theme_id: theme.id, info_reason_id: null },
      ],
    ]);
    expect((await editor.delete(`/api/v1/quotes/${b.id}/theme/`, { theme_id: 'x' })).json().field).toBe(
      'theme_id',
    );
    expect((await editor.delete('/api/v1/quotes/999999/info-reason/')).statusCode).toBe(404);
    expect((await viewer.delete(`/api/v1/quotes/${b.id}/theme/`)).statusCode).toBe(403);
  });
});
