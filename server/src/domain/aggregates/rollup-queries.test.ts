import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { aggregateSnapshot, rebuildAggregates } from '../../test/factories-aggregates.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, buildNews } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { aggregateKeysOf, refreshAggregates } from './rollup-queries.ts';

let t: Kit;
let editor: UserCaller;
let superEditor: UserCaller;

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  superEditor = t.as('superEditor');
});
afterAll(() => t.close());

describe('rollup-queries.ts keeps message_daily_stats, lom metrics and news statistics equal to a rebuild', () => {
  it('after a mix of edits over loms, days (Moscow midnight included), news and a lom-less message', async () => {
    const db = t.database.db;
    const loms = [await buildLom(db), await buildLom(db), await buildLom(db)];
    const [themeA, themeB] = [await buildTheme(db), await buildTheme(db)];
    const story = await buildNews(db);
    const ids: number[] = [];
    // 21:30 UTC is already the next day in Moscow; 20:59 UTC is still the same day.
    const moments = [
      '2025-06-01T20:59:00Z',
      '2025-06-01T21:30:00Z',
      '2025-06-02T08:00:00Z',
      '2025-06-03T12:00:00Z',
    ];
    for (let i = 0; i < 24; i++) {
      const m = await buildMessage(db, {
        lomId: i % 8 === 7 ? null : loms[i % 3].id,
        wroteAt: new Date(moments[i % moments.length]),
        mood: ((i % 6) + 1) as 1 | 2 | 3 | 4 | 5 | 6,
        themeId: i % 2 ? themeA.id : null,
        si: 1.1 * (i + 1),
        numberViews: 100 * i,
        verified: i % 3 === 0,
        newsId: i % 4 === 0 ? story.id : null,
      });
      ids.push(m.id);
    }
    await rebuildAggregates(db);
    const edits = [
      () => editor.patch(`/api/v1/messages/${ids[0]}/verify/`),
      () => editor.patch(`/api/v2/messages/${ids[1]}/trash/`),
      () => editor.patch(`/api/v1/messages/${ids[7]}/archive/`),
      () => superEditor.patch(`/api/v1/messages/${ids[2]}/se-verify/`),
      () =>
        editor.patch('/api/v3/messages/fields/', {
          ids: ids.slice(3, 12),
          mood: 2,
          theme: themeB.id,
          delayed: true,
        }),
      () =>
        editor.patch('/api/v1/messages/filtered-message-mass-update/', {
          filter: { theme_in: String(themeA.id) },
          fields: { verified: true, mood: 6 },
        }),
      () => editor.post(`/api/v1/messages/${ids[15]}/theme/`, { theme_id: themeB.id }),
      () => editor.delete(`/api/v1/messages/${ids[13]}/theme/`, { theme_ids: [themeA.id] }),
    ];
    for (const edit of edits) expect((await edit()).statusCode).toBeLessThan(300);
    const { current, expected } = await aggregateSnapshot(db);
    expect(current.rollup.length).toBeGreaterThan(5);
    expect(current).toEqual(expected);
  });

  it('moves counts between keys when given the keys from before and after a change', async () => {
    const db = t.database.db;
    const [from, to] = [await buildLom(db), await buildLom(db)];
    const m = await buildMessage(db, { lomId: from.id, wroteAt: new Date('2025-07-01T10:00:00Z') });
    await rebuildAggregates(db);
    const before = await aggregateKeysOf(db, [m.id]);
    await db
      .update(messages)
      .set({ lomId: to.id, wroteAt: new Date('2025-07-05T10:00:00Z') })
      .where(eq(messages.id, m.id));
    await refreshAggregates(db, before, await aggregateKeysOf(db, [m.id]));
    const { current, expected } = await aggregateSnapshot(db);
    expect(current).toEqual(expected);
    expect(current.loms.find((l) => l.id === from.id)).toMatchObject({ message_number: 0 });
    expect(current.loms.find((l) => l.id === to.id)).toMatchObject({ message_number: 1 });
  });
});

describe('OpenAPI', () => {
  it('describes the write calls', async () => {
    const res = await t.anonymous.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/v3/messages/messages-verify/',
      '/api/v1/messages/filtered-message-mass-update/',
      '/api/v3/messages/fragment_fields/',
      '/api/v3/fragments/',
      '/api/v3/quotes/{id}/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
