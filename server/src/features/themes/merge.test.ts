import { apiPath, THEME_WRITE_PATHS, type ThemeMergeResult } from '@monitoring/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  cityThemes,
  conversations,
  conversationThemes,
  dashboardThemes,
  favouriteThemes,
  fragments,
  infoReasons,
  lomTypes,
  messageDailyStats,
  messageMarkups,
  messages,
  quotes,
  regionThemes,
  rubricThemes,
  themeDashboardLoms,
  themes,
  userActions,
} from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import {
  buildCity,
  buildInfoReason,
  buildRegion,
  buildRubric,
  buildTheme,
} from '../../test/factories-directories.ts';
import { buildLomType } from '../../test/factories-lom-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildFragment, buildMarkup, buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let editor: UserCaller;
let viewer: UserCaller;
let u1: UserCaller;
let u2: UserCaller;
let u3: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  editor = await kit.caller({ role: 2 });
  viewer = await kit.caller({ role: 3 });
  u1 = await kit.caller({ role: 3 });
  u2 = await kit.caller({ role: 3 });
  u3 = await kit.caller({ role: 3 });
});

afterAll(async () => {
  await kit.close();
});

const db = () => kit.db;

function merge(sourceId: number, payload: unknown, user: Caller = editor) {
  return user.post(apiPath(THEME_WRITE_PATHS.merge, { id: sourceId }), payload);
}

async function countWhere(table: 'messages' | 'message_markups', themeId: number) {
  const [row] = await queryRows<{ n: string | number }>(
    db(),
    sql`select count(*) as n from ${sql.identifier(table)} where theme_id = ${themeId}`,
  );
  return Number(row.n);
}

async function markupsOf(messageId: number) {
  return db()
    .select({ themeId: messageMarkups.themeId, infoReasonId: messageMarkups.infoReasonId })
    .from(messageMarkups)
    .where(eq(messageMarkups.messageId, messageId))
    .orderBy(asc(messageMarkups.id));
}

describe('POST themes/{id}/merge_theme/', () => {
  it('moves everything of the source into the target in one go and deletes the source', async () => {
    const lom = await buildLom(db());
    const lom2 = await buildLom(db());
    const a = await buildTheme(db(), { name: 'Источник' });
    const b = await buildTheme(db(), { name: 'Цель' });
    const c = await buildTheme(db(), { name: 'Третья' });
    const irA1 = await buildInfoReason(db(), { themeId: a.id });
    const irA2 = await buildInfoReason(db(), { themeId: a.id });
    const irB1 = await buildInfoReason(db(), { themeId: b.id });
    const msg = (themeId: number, infoReasonId: number | null, mood = 1, lomId = lom.id) =>
      buildMessage(db(), { lomId, themeId, infoReasonId, mood, verified: true });

    const m1 = await msg(a.id, irA1.id);
    const m2 = await msg(a.id, null, 2, lom2.id);
    const m3 = await msg(b.id, irB1.id);
    // m4: the primary moves to (b, irA1), so its markup (b, irA1) repeats it.
    const m4 = await msg(a.id, irA1.id, 3);
    await buildMarkup(db(), m4.id, { themeId: b.id, infoReasonId: irA1.id });
    // m5: the markup (a, irB1) becomes (b, irB1), the primary.
    const m5 = await msg(b.id, irB1.id);
    await buildMarkup(db(), m5.id, { themeId: a.id, infoReasonId: irB1.id });
    // m6: markups (a, irA2) and (b, irA2): the target's stays.
    const m6 = await msg(c.id, null);
    await buildMarkup(db(), m6.id, { themeId: a.id, infoReasonId: irA2.id });
    await buildMarkup(db(), m6.id, { themeId: b.id, infoReasonId: irA2.id });
    // m7: two equal markups of the source: the older one moves.
    const m7 = await msg(c.id, null);
    await buildMarkup(db(), m7.id, { themeId: a.id, infoReasonId: null, mood: 1 });
    await buildMarkup(db(), m7.id, { themeId: a.id, infoReasonId: null, mood: 2 });
    // m8: a markup of the source with another info reason than the primary moves.
    const m8 = await msg(b.id, irB1.id);
    await buildMarkup(db(), m8.id, { themeId: a.id, infoReasonId: irA1.id });

    const f1 = await buildFragment(db(), m1.id, { themeId: a.id, infoReasonId: irA1.id });
    const q1 = await buildQuote(db(), { messageId: m1.id, lomId: lom.id, themeId: a.id });

    await db()
      .insert(favouriteThemes)
      .values([
        { userId: u1.user.id, themeId: a.id },
        { userId: u2.user.id, themeId: a.id },
        { userId: u2.user.id, themeId: b.id },
        { userId: u3.user.id, themeId: b.id },
      ]);
    const r1 = await buildRubric(db());
    const r2 = await buildRubric(db());
    await db()
      .insert(rubricThemes)
      .values([
        { rubricId: r1.id, themeId: a.id },
        { rubricId: r1.id, themeId: b.id },
        { rubricId: r2.id, themeId: a.id },
      ]);
    const region = await buildRegion(db(), { name: 'Регион', themeIds: [a.id] });
    const city = await buildCity(db(), { name: 'Город', regionId: region.id, themeIds: [a.id, b.id] });
    const [conversation] = await db()
      .insert(conversations)
      .values({ name: 'Эфир', wroteAt: new Date('2025-03-10T10:00:00Z') })
      .returning();
    await db().insert(conversationThemes).values({ conversationId: conversation.id, themeId: a.id });
    const lomType = await buildLomType(db(), { name: 'Тип', themeId: a.id });
    await db().insert(dashboardThemes).values({ themeId: a.id, position: 3 });
    await db()
      .insert(themeDashboardLoms)
      .values([
        { themeId: a.id, lomId: lom.id, tonality: 1 },
        { themeId: b.id, lomId: lom.id, tonality: 2 },
        { themeId: a.id, lomId: lom2.id, tonality: 3 },
      ]);
    await rebuildAggregates(db());

    const totalBefore = (await db().select({ id: messages.id }).from(messages)).length;
    const inBothBefore = (await countWhere('messages', a.id)) + (await countWhere('messages', b.id));
    expect(inBothBefore).toBe(8 - 2);

    const res = await merge(a.id, { theme: b.id, filter: {} });
    expect(res.statusCode).toBe(200);
    const body: ThemeMergeResult = res.json();
    expect(body.source).toEqual({ id: a.id, name: 'Источник' });
    expect(body.theme.id).toBe(b.id);
    expect(body.theme.info_reasons.map((ir) => ir.id).sort((x, y) => x - y)).toEqual(
      [irA1.id, irA2.id, irB1.id].sort((x, y) => x - y),
    );
    expect(body.moved).toEqual({
      messages: 3,
      fragments: 1,
      quotes: 1,
      markups: 2,
      markups_dropped: 4,
      info_reasons: 2,
      favourites: 2,
      rubrics: 2,
      regions: 1,
      cities: 1,
      conversations: 1,
      lom_types: 1,
      lom_focuses: 0,
      dashboard_loms: 2,
      dashboard: 1,
    });

    // No message is lost: all of the source's are now the target's.
    expect((await db().select({ id: messages.id }).from(messages)).length).toBe(totalBefore);
    expect(await countWhere('messages', b.id)).toBe(inBothBefore);
    expect(await countWhere('messages', a.id)).toBe(0);
    const after = await db()
      .select({ id: messages.id, themeId: messages.themeId, infoReasonId: messages.infoReasonId })
      .from(messages)
      .where(inArray(messages.id, [m1.id, m2.id, m3.id]))
      .orderBy(asc(messages.id));
    expect(after).toEqual([
      { id: m1.id, themeId: b.id, infoReasonId: irA1.id },
      { id: m2.id, themeId: b.id, infoReasonId: null },
      { id: m3.id, themeId: b.id, infoReasonId: irB1.id },
    ]);

    // Markups deduplicated.
    expect(await markupsOf(m4.id)).toEqual([]);
    expect(await markupsOf(m5.id)).toEqual([]);
    expect(await markupsOf(m6.id)).toEqual([{ themeId: b.id, infoReasonId: irA2.id }]);
    const m7Markups = await db().select().from(messageMarkups).where(eq(messageMarkups.messageId, m7.id));
    expect(m7Markups.map((m) => [m.themeId, m.mood])).toEqual([[b.id, 1]]);
    expect(await markupsOf(m8.id)).toEqual([{ themeId: b.id, infoReasonId: irA1.id }]);

    // Parts, info reasons and links follow.
    const [fragment] = await db().select().from(fragments).where(eq(fragments.id, f1.id));
    expect(fragment.themeId).toBe(b.id);
    const [quote] = await db().select().from(quotes).where(eq(quotes.id, q1.id));
    expect(quote.themeId).toBe(b.id);
    const reasons = await db()
      .select()
      .from(infoReasons)
      .where(inArray(infoReasons.id, [irA1.id, irA2.id]));
    expect(reasons.map((r) => r.themeId)).toEqual([b.id, b.id]);
    const favourites = await db().select().from(favouriteThemes).where(eq(favouriteThemes.themeId, b.id));
    expect(favourites.map((f) => f.userId).sort((x, y) => x - y)).toEqual(
      [u1.user.id, u2.user.id, u3.user.id].sort((x, y) => x - y),
    );
    const rubricLinks = await db().select().from(rubricThemes).where(eq(rubricThemes.themeId, b.id));
    expect(rubricLinks.map((r) => r.rubricId).sort((x, y) => x - y)).toEqual([r1.id, r2.id]);
    expect(await db().select().from(regionThemes).where(eq(regionThemes.themeId, b.id))).toHaveLength(1);
    expect(await db().select().from(cityThemes).where(eq(cityThemes.cityId, city.id))).toEqual([
      { cityId: city.id, themeId: b.id },
    ]);
    expect(
      await db()
        .select()
        .from(conversationThemes)
        .where(eq(conversationThemes.conversationId, conversation.id)),
    ).toEqual([{ conversationId: conversation.id, themeId: b.id }]);
    const [type] = await db().select().from(lomTypes).where(eq(lomTypes.id, lomType.id));
    expect(type.themeId).toBe(b.id);
    const [pin] = await db().select().from(dashboardThemes).where(eq(dashboardThemes.themeId, b.id));
    expect(pin.position).toBe(3);
    const dashboardLoms = await db()
      .select()
      .from(themeDashboardLoms)
      .where(eq(themeDashboardLoms.themeId, b.id))
      .orderBy(asc(themeDashboardLoms.lomId));
    expect(dashboardLoms.map((d) => [d.lomId, d.tonality])).toEqual([
      [lom.id, 2],
      [lom2.id, 3],
    ]);

    // The source is gone; the rollup equals a rebuild.
    expect(await db().select().from(themes).where(eq(themes.id, a.id))).toEqual([]);
    expect(await db().select().from(messageDailyStats).where(eq(messageDailyStats.themeId, a.id))).toEqual(
      [],
    );
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current).toEqual(snapshot.expected);

    // Both themes have the merge in their log.
    const log = await db()
      .select()
      .from(userActions)
      .where(and(eq(userActions.action, 'theme.merge'), inArray(userActions.themeId, [a.id, b.id])));
    expect(log).toHaveLength(2);
    const targetEntry = log.find((e) => e.themeId === b.id);
    expect(targetEntry).toMatchObject({ userId: editor.user.id, type: 4 });
    expect(targetEntry?.newValue).toMatchObject({ moved: { messages: 3 } });
    expect(targetEntry?.oldValue).toMatchObject({ source: { id: a.id, name: 'Источник' } });
  });

  it('moves thousands of messages with set-based statements', async () => {
    const lom = await buildLom(db());
    const a = await buildTheme(db());
    const b = await buildTheme(db());
    const ir = await buildInfoReason(db(), { themeId: a.id });
    const insert = (themeId: number, n: number) =>
      db().execute(sql`
        insert into messages (lom_id, theme_id, info_reason_id, text, wrote_at, mood, verified, si)
        select ${lom.id}::int, ${themeId}::int, ${themeId === a.id ? ir.id : null}::int, 'Текст',
               timestamptz '2025-01-01 00:00:00+00' + (g % 90) * interval '1 day', (g % 6) + 1, g % 2 = 0, g
          from generate_series(1, ${n}::int) g`);
    await insert(a.id, 3000);
    await insert(b.id, 2000);
    await db().execute(sql`
      insert into message_markups (message_id, theme_id)
      select id, ${a.id}::int from messages where theme_id = ${b.id} and id % 3 = 0`);
    // And markups of the source on 100 messages of the source that carry another info reason.
    await db().execute(sql`
      insert into message_markups (message_id, theme_id)
      select id, ${a.id}::int from messages where theme_id = ${a.id} order by id limit 100`);
    const repeats = await countWhere('message_markups', a.id);
    await rebuildAggregates(db());

    const res = await merge(a.id, { theme: b.id });
    expect(res.statusCode).toBe(200);
    // Markups (a, no info reason) on messages of b (b, no info reason) repeat the primary.
    expect(res.json().moved).toMatchObject({
      messages: 3000,
      info_reasons: 1,
      markups: 100,
      markups_dropped: repeats - 100,
    });
    expect(await countWhere('messages', b.id)).toBe(5000);
    expect(await countWhere('messages', a.id)).toBe(0);
    expect(await countWhere('message_markups', b.id)).toBe(100);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current.rollup).toEqual(snapshot.expected.rollup);
  });

  it('adds the source rollup rows to the target rows of the same key', async () => {
    const lom = await buildLom(db());
    const a = await buildTheme(db());
    const b = await buildTheme(db());
    // Same lom, day, mood, flags and no info reason: one rollup key per theme, merged into one.
    const msg = (themeId: number, mood: number, si: number) =>
      buildMessage(db(), { lomId: lom.id, themeId, mood, verified: true, si });
    await msg(a.id, 1, 3);
    await msg(a.id, 1, 4);
    await msg(a.id, 2, 5);
    await msg(b.id, 1, 6);
    await msg(b.id, 3, 7);
    await rebuildAggregates(db());

    const res = await merge(a.id, { theme: b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().moved).toMatchObject({ messages: 3 });
    const rows = await db()
      .select({ mood: messageDailyStats.mood, count: messageDailyStats.messageCount })
      .from(messageDailyStats)
      .where(inArray(messageDailyStats.themeId, [a.id, b.id]))
      .orderBy(asc(messageDailyStats.mood));
    expect(rows).toEqual([
      { mood: 1, count: 3 },
      { mood: 2, count: 1 },
      { mood: 3, count: 1 },
    ]);
    const snapshot = await aggregateSnapshot(db());
    expect(snapshot.current.rollup).toEqual(snapshot.expected.rollup);
  });

  it('answers 400 naming theme for the same or an unknown target, and changes nothing', async () => {
    const a = await buildTheme(db());
    const m = await buildMessage(db(), { themeId: a.id });
    const same = await merge(a.id, { theme: a.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().field).toBe('theme');
    const unknown = await merge(a.id, { theme: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('theme');
    const missing = await merge(a.id, {});
    expect(missing.json().field).toBe('theme');
    const [row] = await db().select().from(messages).where(eq(messages.id, m.id));
    expect(row.themeId).toBe(a.id);
    expect(await db().select().from(themes).where(eq(themes.id, a.id))).toHaveLength(1);
  });

  it('refuses a non-empty filter, naming filter', async () => {
    const a = await buildTheme(db());
    const b = await buildTheme(db());
    const res = await merge(a.id, { theme: b.id, filter: { lom_in: '1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('filter');
    expect(await db().select().from(themes).where(eq(themes.id, a.id))).toHaveLength(1);
    const ok = await merge(a.id, { theme: b.id, filter: null });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 404 for an unknown source', async () => {
    const b = await buildTheme(db());
    expect((await merge(999_999, { theme: b.id })).statusCode).toBe(404);
  });

  it('needs a token and EDIT_THEME', async () => {
    const a = await buildTheme(db());
    const b = await buildTheme(db());
    expect((await merge(a.id, { theme: b.id }, kit.anonymous)).statusCode).toBe(401);
    expect((await merge(a.id, { theme: b.id }, viewer)).statusCode).toBe(403);
    expect(await db().select().from(themes).where(eq(themes.id, a.id))).toHaveLength(1);
  });
});
