import { apiPath, INFO_REASON_PATHS } from '@monitoring/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  favouriteInfoReasons,
  fragments,
  infoReasons,
  messageDailyStats,
  messageMarkups,
  messages,
  quotes,
  userActions,
} from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildFragment, buildMarkup, buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let viewer: UserCaller;
let editor: UserCaller;
let chief: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  editor = await kit.caller({ role: 2 });
  chief = await kit.caller({ role: 1 });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

const messagesOf = async (infoReasonId: number) =>
  (
    await db()
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.infoReasonId, infoReasonId))
      .orderBy(asc(messages.id))
  ).map((m) => m.id);

async function messageCount() {
  const [row] = await db().select({ n: count() }).from(messages);
  return row.n;
}

async function rollupRowsOf(infoReasonId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(messageDailyStats)
    .where(eq(messageDailyStats.infoReasonId, infoReasonId));
  return row.n;
}

/**
 * Two info reasons in different themes, each with messages on two loms and days,
 * and fragments, quotes, markups and favourites on the source; the markups cover
 * every case of the dedupe.
 */
async function world() {
  const themeA = await buildTheme(db(), { name: 'Тема источника' });
  const themeB = await buildTheme(db(), { name: 'Тема цели' });
  const themeC = await buildTheme(db(), { name: 'Тема разметки' });
  const source = await buildInfoReason(db(), {
    name: 'Источник слияния',
    themeId: themeA.id,
    targetTonality: 1,
  });
  const target = await buildInfoReason(db(), { name: 'Цель слияния', themeId: themeB.id, targetTonality: 1 });
  const lom1 = await buildLom(db());
  const lom2 = await buildLom(db());
  const on = (infoReasonId: number, themeId: number, lomId: number, day: string, extra = {}) =>
    buildMessage(db(), { infoReasonId, themeId, lomId, day, mood: 6, verified: true, si: 3, ...extra });
  const s1 = await on(source.id, themeA.id, lom1.id, '2025-03-01');
  const s2 = await on(source.id, themeA.id, lom2.id, '2025-03-02', { trash: true });
  const s3 = await on(source.id, themeA.id, lom2.id, '2025-03-03', { mood: 2, verified: false });
  const g1 = await on(target.id, themeB.id, lom1.id, '2025-03-01');
  const g2 = await on(target.id, themeB.id, lom1.id, '2025-03-04', { mood: 2 });
  const other = await on(target.id, themeB.id, lom2.id, '2025-03-05');
  await db().update(messages).set({ infoReasonId: null }).where(eq(messages.id, other.id));
  const fragment = await buildFragment(db(), s1.id, { infoReasonId: source.id, themeId: themeA.id });
  const quote = await buildQuote(db(), { messageId: s1.id, infoReasonId: source.id, themeId: themeA.id });
  // g1's primary is (B, target): a moved markup (B, source) repeats it.
  const repeatsPrimary = await buildMarkup(db(), g1.id, { themeId: themeB.id, infoReasonId: source.id });
  // s1 has a markup (C, target) already; a moved (C, source) repeats it whatever the order.
  const repeatsExisting = await buildMarkup(db(), s1.id, { themeId: themeC.id, infoReasonId: source.id });
  const existing = await buildMarkup(db(), s1.id, { themeId: themeC.id, infoReasonId: target.id });
  // Two moved markups of one theme on s3: the first stays.
  const firstOfTwo = await buildMarkup(db(), s3.id, { themeId: themeC.id, infoReasonId: source.id, mood: 1 });
  const secondOfTwo = await buildMarkup(db(), s3.id, {
    themeId: themeC.id,
    infoReasonId: source.id,
    mood: 2,
  });
  // A markup that repeats nothing moves and stays.
  const plain = await buildMarkup(db(), s2.id, { themeId: themeC.id, infoReasonId: source.id });
  await db()
    .insert(favouriteInfoReasons)
    .values([
      { userId: viewer.user.id, infoReasonId: source.id },
      { userId: editor.user.id, infoReasonId: source.id },
      { userId: editor.user.id, infoReasonId: target.id },
    ]);
  await rebuildAggregates(db());
  return {
    themeA,
    themeB,
    themeC,
    source,
    target,
    messages: { s1, s2, s3, g1, g2, other },
    fragment,
    quote,
    markups: { repeatsPrimary, repeatsExisting, existing, firstOfTwo, secondOfTwo, plain },
  };
}

describe('POST {id}/merge_info_reason/', () => {
  it('moves every message, fragment, quote, markup and favourite to the target and deletes the source', async () => {
    const w = await world();
    const totalBefore = await messageCount();
    const sourceMessages = await messagesOf(w.source.id);
    const targetMessages = await messagesOf(w.target.id);
    expect(sourceMessages).toHaveLength(3);
    expect(await rollupRowsOf(w.source.id)).toBeGreaterThan(0);

    const res = await chief.post(apiPath(INFO_REASON_PATHS.merge, { id: w.source.id }), {
      theme: w.target.id,
      search: 'слияния',
      page: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    // s1 (6, verified), g1 (6), g2 (2): the target now counts s1 too; s2 is trash, s3 unverified.
    expect(res.json()).toMatchObject({
      id: w.target.id,
      message_count: 4,
      actual_mood: 6,
      complete: true,
      is_favorite: false,
    });

    // No message is lost: every message is still there and the target holds both sets.
    expect(await messageCount()).toBe(totalBefore);
    expect(await messagesOf(w.target.id)).toEqual(
      [...sourceMessages, ...targetMessages].sort((a, b) => a - b),
    );
    expect(await messagesOf(w.source.id)).toEqual([]);
    const [other] = await db().select().from(messages).where(eq(messages.id, w.messages.other.id));
    expect(other.infoReasonId).toBeNull();
    // Messages keep their theme.
    const [s1] = await db().select().from(messages).where(eq(messages.id, w.messages.s1.id));
    expect(s1.themeId).toBe(w.themeA.id);

    const [fragment] = await db().select().from(fragments).where(eq(fragments.id, w.fragment.id));
    expect(fragment.infoReasonId).toBe(w.target.id);
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, w.quote.id));
    expect(quote.infoReasonId).toBe(w.target.id);

    const markups = await db().select().from(messageMarkups).orderBy(asc(messageMarkups.id));
    const kept = markups.map((m) => m.id);
    const { repeatsPrimary, repeatsExisting, existing, firstOfTwo, secondOfTwo, plain } = w.markups;
    expect(kept).toEqual(expect.arrayContaining([existing.id, firstOfTwo.id, plain.id]));
    for (const gone of [repeatsPrimary.id, repeatsExisting.id, secondOfTwo.id])
      expect(kept).not.toContain(gone);
    expect(markups.every((m) => m.infoReasonId !== w.source.id)).toBe(true);
    expect(markups.find((m) => m.id === plain.id)?.infoReasonId).toBe(w.target.id);

    const favourites = await db()
      .select()
      .from(favouriteInfoReasons)
      .where(eq(favouriteInfoReasons.infoReasonId, w.target.id));
    expect(favourites.map((f) => f.userId).sort((a, b) => a - b)).toEqual(
      [viewer.user.id, editor.user.id].sort((a, b) => a - b),
    );
    expect(await db().select().from(infoReasons).where(eq(infoReasons.id, w.source.id))).toEqual([]);

    // The rollup moved with the messages: nothing left on the source, and it equals a full rebuild.
    expect(await rollupRowsOf(w.source.id)).toBe(0);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);

    const [log] = await db()
      .select()
      .from(userActions)
      .where(and(eq(userActions.action, 'info_reason.merge'), eq(userActions.infoReasonId, w.target.id)));
    expect(log).toMatchObject({ type: 5, userId: chief.user.id, themeId: w.themeB.id });
    expect(log.oldValue).toMatchObject({
      id: w.source.id,
      name: 'Источник слияния',
      theme_id: w.themeA.id,
      message_ids: sourceMessages,
      fragment_ids: [w.fragment.id],
      quote_ids: [w.quote.id],
      markup_ids: [repeatsPrimary.id, repeatsExisting.id, firstOfTwo.id, secondOfTwo.id, plain.id],
      removed_markups: [
        { id: repeatsPrimary.id, message_id: w.messages.g1.id, theme_id: w.themeB.id, mood: null },
        { id: repeatsExisting.id, message_id: w.messages.s1.id, theme_id: w.themeC.id, mood: null },
        { id: secondOfTwo.id, message_id: w.messages.s3.id, theme_id: w.themeC.id, mood: 2 },
      ],
    });
    expect(log.newValue).toEqual({ into: w.target.id, favourite_users_added: [viewer.user.id] });
  });

  it('refuses itself, an unknown target, a missing body, an unknown source, editors and strangers', async () => {
    const a = await buildInfoReason(db(), { name: 'Слияние проверка А' });
    const b = await buildInfoReason(db(), { name: 'Слияние проверка Б' });
    const bad = async (payload: unknown, field: string) => {
      const res = await chief.post(apiPath(INFO_REASON_PATHS.merge, { id: a.id }), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    };
    await bad({ theme: a.id }, 'theme');
    await bad({ theme: 999_999 }, 'theme');
    await bad({}, 'theme');
    await bad({ theme: 'б' }, 'theme');
    expect(
      (await chief.post(apiPath(INFO_REASON_PATHS.merge, { id: 999_999 }), { theme: b.id })).statusCode,
    ).toBe(404);
    expect(
      (await editor.post(apiPath(INFO_REASON_PATHS.merge, { id: a.id }), { theme: b.id })).statusCode,
    ).toBe(403);
    expect(
      (await kit.anonymous.post(apiPath(INFO_REASON_PATHS.merge, { id: a.id }), { theme: b.id })).statusCode,
    ).toBe(401);
    const left = await db()
      .select()
      .from(infoReasons)
      .where(inArray(infoReasons.id, [a.id, b.id]));
    expect(left).toHaveLength(2);
  });
});

describe('DELETE {id}/', () => {
  it('takes the info reason off its messages, fragments, quotes and markups and keeps their themes', async () => {
    const w = await world();
    const totalBefore = await messageCount();
    const sourceMessages = await messagesOf(w.source.id);
    const res = await editor.delete(apiPath(INFO_REASON_PATHS.detail, { id: w.source.id }));
    expect(res.statusCode, res.body).toBe(204);
    expect(await messageCount()).toBe(totalBefore);
    const rows = await db().select().from(messages).where(inArray(messages.id, sourceMessages));
    expect(rows).toHaveLength(3);
    expect(rows.every((m) => m.infoReasonId === null && m.themeId === w.themeA.id)).toBe(true);
    const [fragment] = await db().select().from(fragments).where(eq(fragments.id, w.fragment.id));
    expect(fragment).toMatchObject({ infoReasonId: null, themeId: w.themeA.id });
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, w.quote.id));
    expect(quote.infoReasonId).toBeNull();
    const [markup] = await db()
      .select()
      .from(messageMarkups)
      .where(eq(messageMarkups.id, w.markups.plain.id));
    expect(markup).toMatchObject({ infoReasonId: null, themeId: w.themeC.id });
    expect(
      await db()
        .select()
        .from(favouriteInfoReasons)
        .where(eq(favouriteInfoReasons.infoReasonId, w.source.id)),
    ).toEqual([]);
    expect(await rollupRowsOf(w.source.id)).toBe(0);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);
    const [log] = await db()
      .select()
      .from(userActions)
      .where(and(eq(userActions.action, 'info_reason.delete'), eq(userActions.infoReasonId, w.source.id)));
    expect(log.oldValue).toMatchObject({
      name: 'Источник слияния',
      theme_id: w.themeA.id,
      target_tonality: 1,
      message_ids: sourceMessages,
      fragment_ids: [w.fragment.id],
      quote_ids: [w.quote.id],
    });
  });
});
