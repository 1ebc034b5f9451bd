import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageRubrics, messages, messageTags, userActions } from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildRubric, buildTag, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, buildNews } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let viewer: UserCaller;

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  viewer = t.as('user');
});
afterAll(() => t.close());

const massFields = (body: object, caller: Caller = editor) => caller.patch('/api/v3/messages/fields/', body);
const byFilter = (body: object, caller: Caller = editor) =>
  caller.patch('/api/v1/messages/filtered-message-mass-update/', body);
const rowsOf = (ids: number[]) =>
  t.database.db.select().from(messages).where(inArray(messages.id, ids)).orderBy(messages.id);
const logOf = (ids: number[]) =>
  t.database.db.select().from(userActions).where(inArray(userActions.messageId, ids)).orderBy(userActions.id);

describe('PATCH v3 messages/fields/', () => {
  it('sets the fields on exactly the given messages, logs old and new values and keeps the rollup', async () => {
    const lom = await buildLom(t.database.db);
    const theme = await buildTheme(t.database.db);
    const other = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id });
    const otherReason = await buildInfoReason(t.database.db, { themeId: other.id });
    const story = await buildNews(t.database.db);
    const a = await buildMessage(t.database.db, {
      lomId: lom.id,
      mood: 2,
      themeId: other.id,
      infoReasonId: otherReason.id,
      newsId: story.id,
    });
    const b = await buildMessage(t.database.db, { lomId: lom.id, mood: 3, newsId: story.id });
    const untouched = await buildMessage(t.database.db, { lomId: lom.id, mood: 2 });
    const rubric = await buildRubric(t.database.db);
    const tag = await buildTag(t.database.db);
    const oldTag = await buildTag(t.database.db);
    await t.database.db.insert(messageTags).values({ messageId: a.id, tagId: oldTag.id });
    await rebuildAggregates(t.database.db);

    const res = await massFields({
      ids: [a.id, b.id],
      mood: 1,
      info_reason: reason.id,
      verified: true,
      rubrics: [rubric.id],
      tags: [tag.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const [ra, rb] = await rowsOf([a.id, b.id]);
    // The info reason brings its theme.
    for (const row of [ra, rb])
      expect(row).toMatchObject({ mood: 1, themeId: theme.id, infoReasonId: reason.id, verified: true });
    expect((await rowsOf([untouched.id]))[0]).toMatchObject({ mood: 2, verified: false });
    const rubricRows = await t.database.db
      .select()
      .from(messageRubrics)
      .where(inArray(messageRubrics.messageId, [a.id, b.id]));
    expect(rubricRows).toHaveLength(2);
    const tagRows = await t.database.db.select().from(messageTags).where(eq(messageTags.messageId, a.id));
    expect(tagRows.map((r) => r.tagId)).toEqual([tag.id]);

    const log = await logOf([a.id, b.id, untouched.id]);
    expect(log).toHaveLength(2);
    expect(log.find((r) => r.messageId === a.id)).toMatchObject({
      type: 1,
      action: 'message.mass_update',
      oldValue: {
        mood: 2,
        verified: false,
        theme_id: other.id,
        info_reason_id: otherReason.id,
        rubrics: [],
        tags: [oldTag.id],
      },
      newValue: {
        mood: 1,
        verified: true,
        theme_id: theme.id,
        info_reason_id: reason.id,
        rubrics: [rubric.id],
        tags: [tag.id],
      },
    });
    const { current, expected } = await aggregateSnapshot(t.database.db);
    expect(current).toEqual(expected);
    expect(current.news.find((n) => n.news_id === story.id)?.mood_table).toMatchObject({
      '1': 2,
      '2': 0,
      '3': 0,
    });
  });

  it('drops an info reason of another theme when only the theme changes', async () => {
    const theme = await buildTheme(t.database.db);
    const next = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id });
    const free = await buildInfoReason(t.database.db, { themeId: null });
    const a = await buildMessage(t.database.db, { themeId: theme.id, infoReasonId: reason.id });
    const b = await buildMessage(t.database.db, { themeId: theme.id, infoReasonId: free.id });
    expect((await massFields({ ids: [a.id, b.id], theme: next.id })).statusCode).toBe(200);
    const [ra, rb] = await rowsOf([a.id, b.id]);
    expect(ra).toMatchObject({ themeId: next.id, infoReasonId: null });
    expect(rb).toMatchObject({ themeId: next.id, infoReasonId: free.id });
  });

  it('refuses bad input naming the field, a conflict, a missing message (404) and a viewer (403)', async () => {
    const theme = await buildTheme(t.database.db);
    const reason = await buildInfoReason(t.database.db, { themeId: (await buildTheme(t.database.db)).id });
    const m = await buildMessage(t.database.db, { mood: 2 });
    const cases: [object, string][] = [
      [{ ids: [m.id] }, 'body'],
      [{ ids: [], mood: 1 }, 'ids'],
      [{ ids: [m.id], mood: 9 }, 'mood'],
      [{ ids: [m.id], verified_by_super_editor: true }, 'verified_by_super_editor'],
      [{ ids: [m.id], state: 7 }, 'state'],
      [{ ids: [m.id], theme: 999_999 }, 'theme'],
      [{ ids: [m.id], theme: theme.id, info_reason: reason.id }, 'info_reason'],
      [{ ids: [m.id], rubrics: [999_999] }, 'rubrics'],
    ];
    for (const [payload, field] of cases) {
      const res = await massFields(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const missing = await massFields({ ids: [m.id, 999_999], mood: 1 });
    expect(missing.statusCode).toBe(404);
    expect((await massFields({ ids: [m.id], mood: 1 }, viewer)).statusCode).toBe(403);
    expect((await t.anonymous.patch('/api/v3/messages/fields/', { ids: [m.id], mood: 1 })).statusCode).toBe(
      401,
    );
    expect((await rowsOf([m.id]))[0].mood).toBe(2);
    expect(await logOf([m.id])).toEqual([]);
  });
});

describe('PATCH filtered-message-mass-update/', () => {
  it('touches exactly the messages the filter matches, in one transaction', async () => {
    const lom = await buildLom(t.database.db);
    const other = await buildLom(t.database.db);
    const inside = [
      await buildMessage(t.database.db, {
        lomId: lom.id,
        mood: 3,
        wroteAt: new Date('2025-04-01T10:00:00Z'),
      }),
      await buildMessage(t.database.db, {
        lomId: lom.id,
        mood: 4,
        wroteAt: new Date('2025-04-02T10:00:00Z'),
      }),
    ];
    const outside = [
      await buildMessage(t.database.db, {
        lomId: lom.id,
        mood: 2,
        wroteAt: new Date('2025-04-01T10:00:00Z'),
      }),
      await buildMessage(t.database.db, {
        lomId: lom.id,
        mood: 3,
        wroteAt: new Date('2025-05-01T10:00:00Z'),
      }),
      await buildMessage(t.database.db, {
        lomId: other.id,
        mood: 3,
        wroteAt: new Date('2025-04-01T10:00:00Z'),
      }),
    ];
    await rebuildAggregates(t.database.db);
    const res = await byFilter({
      filter: { lom_in: [lom.id], mood_in: '3', wrote_at_after: '2025-04-01', wrote_at_before: '2025-04-30' },
      fields: { archived: true, mood: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    for (const row of await rowsOf(inside.map((m) => m.id)))
      expect(row).toMatchObject({ archived: true, mood: 1 });
    const after = await rowsOf(outside.map((m) => m.id));
    expect(after.map((r) => [r.archived, r.mood])).toEqual([
      [false, 2],
      [false, 3],
      [false, 3],
    ]);
    const log = await logOf([...inside, ...outside].map((m) => m.id));
    expect(log.map((r) => r.messageId).sort()).toEqual(inside.map((m) => m.id).sort());
    expect(log[0]).toMatchObject({
      action: 'message.filtered_mass_update',
      oldValue: { archived: false },
      newValue: { archived: true, mood: 1 },
    });
    const { current, expected } = await aggregateSnapshot(t.database.db);
    expect(current).toEqual(expected);
  });

  it('is all or nothing when one update fails', async () => {
    const lom = await buildLom(t.database.db);
    const a = await buildMessage(t.database.db, { lomId: lom.id });
    const b = await buildMessage(t.database.db, { lomId: lom.id });
    // The messages are updated and logged first; then rebuilding their rollup rows fails.
    await t.database.db.execute(
      sql.raw(`create function fail_rollup() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger fail_rollup before insert on message_daily_stats for each row execute function fail_rollup()',
      ),
    );
    try {
      const res = await byFilter({ filter: { lom_in: String(lom.id) }, fields: { trash: true } });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger fail_rollup on message_daily_stats`);
      await t.database.db.execute(sql`drop function fail_rollup()`);
    }
    const rows = await rowsOf([a.id, b.id]);
    expect(rows.map((r) => r.trash)).toEqual([false, false]);
    expect(await logOf([a.id, b.id])).toEqual([]);
  });

  it('refuses an empty or unknown filter and bad fields, naming the field', async () => {
    const cases: [object, string][] = [
      [{ filter: {}, fields: { mood: 1 } }, 'filter'],
      [{ filter: { ordering: '-wrote_at' }, fields: { mood: 1 } }, 'filter'],
      [{ filter: { lom: '1' }, fields: { mood: 1 } }, 'filter.lom'],
      [{ filter: { mood_in: 'x' }, fields: { mood: 1 } }, 'filter.mood_in'],
      [{ filter: { lom_in: '1' }, fields: {} }, 'fields'],
      [{ filter: { lom_in: '1' }, fields: { mood: 0 } }, 'fields.mood'],
      [{ filter: { lom_in: '1' }, fields: { theme: 999_999 } }, 'fields.theme'],
      [{ filter: { lom_in: '1' } }, 'fields'],
    ];
    for (const [payload, field] of cases) {
      const res = await byFilter(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await byFilter({ filter: { lom_in: '1' }, fields: { mood: 1 } }, viewer)).statusCode).toBe(403);
  });
});
