import {
  ADMIN_LOM_PATHS,
  apiPath,
  INFO_REASON_PATHS,
  LOM_PATHS,
  MESSAGE_FLAG_PATHS,
  MESSAGE_PATHS,
  THEME_WRITE_PATHS,
} from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildProducerCenter } from '../../test/factories-lom-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { pgArray } from '../pg-array.ts';
import { aggregateKeysOf, refreshAggregates } from './rollup-queries.ts';
import { rollStandardPeriods, STANDARD_PERIODS } from './standard-periods.ts';

/**
 * Every rollup of messages (message_daily_stats, message_day_counts, message_mood_days, message_mood_weeks, message_mood_months,
 * lom_day_stats, lom_week_stats, lom_period_stats, theme_day_stats, theme_mood_days, theme_regional_days, info_reason_mood_days, info_reason_day_stats and its weeks, source_mood_days and its weeks, producer_center_days) and the lom and
 * news aggregates, kept by delta on each write, equal a rebuild from scratch after a random sequence of writes of
 * every kind: the API's flag toggles, field edits, mass updates and merges, and the direct
 * statements of an import or a loader (moves between loms and days, sums, inserts, deletes).
 * The sequence is seeded, so a failure repeats.
 */

let t: Kit;
beforeAll(async () => {
  t = await createKit();
  // The standard periods as on 2025-06-10: the day, week and month windows hold some of the moments, not all.
  expect(await rollStandardPeriods(t.database.db, new Date('2025-06-10T12:00:00Z'))).toBe(
    STANDARD_PERIODS.length,
  );
});
afterAll(() => t.close());

/** mulberry32: a small seeded generator. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// Moscow midnight is 21:00 UTC: the moments straddle it and a week's end (2025-06-08 is a Sunday).
const MOMENTS = [
  '2025-06-01T20:59:00Z',
  '2025-06-01T21:30:00Z',
  '2025-06-04T08:00:00Z',
  '2025-06-08T20:30:00Z',
  '2025-06-08T21:10:00Z',
  '2025-06-15T12:00:00Z',
];

describe('every rollup equals its rebuild after a random sequence of writes', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}`, async () => {
      const db = t.database.db;
      const rnd = random(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
      const editor = t.as('editor');
      const superEditor = t.as('superEditor');
      const admin = t.as('admin');
      // Regional loms (region_type 2) and others: theme_regional_days counts the former only.
      const loms = await Promise.all([1, 2, 3, 4].map((i) => buildLom(db, { regionType: i % 2 ? 2 : 1 })));
      // A lom id past the first kilobit: its bitmaps are wider than the others'.
      loms.push(await buildLom(db, { id: 1500 + seed, regionType: 2 }));
      const themes = await Promise.all([1, 2, 3, 4].map(() => buildTheme(db)));
      const reasons = [
        await buildInfoReason(db, { themeId: themes[0].id }),
        await buildInfoReason(db, { themeId: themes[0].id }),
      ];
      // Producer centers: a lom of two centers, loms of one, loms of none (producer_center_days).
      const centers = await Promise.all([1, 2, 3].map(() => buildProducerCenter(db)));
      const link = (lom: number, center: number) =>
        db.execute(sql`insert into lom_producer_centers (lom_id, producer_center_id) values (${lom}, ${center})
                       on conflict do nothing`);
      await link(loms[0].id, centers[0].id);
      await link(loms[0].id, centers[1].id);
      await link(loms[1].id, centers[1].id);
      await link(loms[4].id, centers[2].id);
      const ids: number[] = [];
      const create = async () => {
        const m = await buildMessage(db, {
          lomId: rnd() < 0.1 ? null : pick(loms).id,
          wroteAt: new Date(pick(MOMENTS)),
          mood: rnd() < 0.15 ? null : (pick([1, 2, 3, 4, 5, 6]) as 1 | 2 | 3 | 4 | 5 | 6),
          themeId: rnd() < 0.3 ? null : pick(themes).id,
          infoReasonId: rnd() < 0.7 ? null : pick(reasons).id,
          si: Math.round(rnd() * 1000) / 10,
          numberViews: Math.floor(rnd() * 5000),
          repostCount: Math.floor(rnd() * 20),
          commentsCount: Math.floor(rnd() * 20),
          verified: rnd() < 0.4,
        });
        ids.push(m.id);
        await refreshAggregates(db, await aggregateKeysOf(db, [m.id]));
      };
      for (let i = 0; i < 30; i++) await create();

      const some = (n: number) => [...new Set(Array.from({ length: n }, () => pick(ids)))];
      const direct = async (list: number[], statement: (list: SQL) => SQL) => {
        await db.transaction(async (tx) => {
          const before = await aggregateKeysOf(tx, list);
          await tx.execute(sql`delete from message_markups where message_id = any(${pgArray(list)}::int[])`);
          await tx.execute(statement(sql`${pgArray(list)}::int[]`));
          await refreshAggregates(tx, before, await aggregateKeysOf(tx, list));
        });
      };
      const ok = (status: number) => expect(status).toBeLessThan(300);
      let deletedLoms = 0;
      const writes: (() => Promise<void>)[] = [
        create,
        async () => {
          const flag = pick(['verify', 'delay', 'archive', 'trash'] as const);
          ok((await editor.patch(apiPath(MESSAGE_FLAG_PATHS.v2[flag], { id: pick(ids) }))).statusCode);
        },
        async () =>
          ok(
            (await superEditor.patch(apiPath(MESSAGE_FLAG_PATHS.v2['se-verify'], { id: pick(ids) })))
              .statusCode,
          ),
        async () =>
          ok(
            (
              await editor.patch(MESSAGE_PATHS.fields, {
                ids: some(4),
                mood: pick([1, 2, 3, 5, 6]),
                theme: rnd() < 0.2 ? null : pick(themes).id,
                verified: rnd() < 0.5,
              })
            ).statusCode,
          ),
        async () =>
          ok(
            (
              await editor.patch(MESSAGE_PATHS.fields, {
                ids: some(3),
                trash: rnd() < 0.5,
                delayed: rnd() < 0.3,
              })
            ).statusCode,
          ),
        async () =>
          ok(
            (
              await editor.patch(MESSAGE_PATHS.massUpdateByFilter, {
                filter: { theme_in: String(pick(themes).id) },
                fields: { mood: pick([1, 2, 3]), verified: rnd() < 0.5 },
              })
            ).statusCode,
          ),
        // What an import does: statements of its own on messages, then the lom and news aggregates of
        // the messages before and after (the rollups follow by themselves).
        async () => {
          const lom = rnd() < 0.2 ? null : pick(loms).id;
          await direct(some(3), (list) => sql`update messages set lom_id = ${lom} where id = any(${list})`);
        },
        async () => {
          await direct(
            some(1),
            (list) =>
              sql`update messages set wrote_at = ${pick(MOMENTS)}::timestamptz where id = any(${list})`,
          );
        },
        async () => {
          await direct(
            some(3),
            (list) => sql`update messages set si = si + 1.5, number_views = number_views + 7,
                                repost_count = repost_count + 1 where id = any(${list})`,
          );
        },
        // A text edit changes no rollup.
        async () => {
          await direct(
            some(1),
            (list) => sql`update messages set text = text || '!' where id = any(${list})`,
          );
        },
        async () => {
          const id = pick(ids);
          await direct([id], (list) => sql`delete from messages where id = any(${list})`);
          ids.splice(ids.indexOf(id), 1);
        },
        // A lom changes region, or none: all its messages enter or leave the regional cells.
        async () => {
          const region = pick([1, 2, null]);
          await db.execute(sql`update loms set region_type = ${region} where id = ${pick(loms).id}`);
        },
        // A lom is deleted: its messages stay, without a lom (the foreign key sets null). Twice at most, so
        // that the lom rollups keep some cells.
        async () => {
          if (deletedLoms++ >= 2) return;
          const [gone] = loms.splice(Math.floor(rnd() * loms.length), 1);
          await db.transaction(async (tx) => {
            const list = (
              await queryRows<{ id: number }>(tx, sql`select id from messages where lom_id = ${gone.id}`)
            ).map((row) => row.id);
            const before = await aggregateKeysOf(tx, list);
            await tx.execute(sql`delete from loms where id = ${gone.id}`);
            await refreshAggregates(tx, before, await aggregateKeysOf(tx, list));
          });
          loms.push(await buildLom(db, { regionType: pick([1, 2]) }));
        },
        // A lom's centers change through the card (the whole set), or a link goes or comes directly.
        async () => {
          const wanted = centers.filter(() => rnd() < 0.4).map((center) => center.id);
          ok(
            (await admin.patch(apiPath(LOM_PATHS.detail, { id: pick(loms).id }), { producerCenters: wanted }))
              .statusCode,
          );
        },
        async () => {
          const [lom, center] = [pick(loms).id, pick(centers).id];
          if (rnd() < 0.5) await link(lom, center);
          else {
            await db.execute(
              sql`delete from lom_producer_centers where lom_id = ${lom} and producer_center_id = ${center}`,
            );
          }
        },
        // Every link of a center moves to another lom at once (one statement: an update of the links).
        async () => {
          const [from, to] = [pick(loms).id, pick(loms).id];
          await db.execute(sql`update lom_producer_centers set lom_id = ${to}
                                where lom_id = ${from}
                                  and producer_center_id not in (select producer_center_id from lom_producer_centers
                                                                  where lom_id = ${to})`);
        },
      ];
      // Loms leave the regional cells as the sequence goes on (deleted, another region): count them at the start.
      const start = await aggregateSnapshot(db);
      expect(start.current).toEqual(start.expected);
      let regionalCells = start.current.themeRegional.length;
      for (let step = 0; step < 60; step++) {
        await pick(writes)();
        if (step % 20 === 19) {
          const { current, expected } = await aggregateSnapshot(db);
          expect(current).toEqual(expected);
          regionalCells = Math.max(regionalCells, current.themeRegional.length);
        }
      }
      // The merges: a theme into another (every message of it moves) and an info reason into another.
      ok(
        (await admin.post(apiPath(THEME_WRITE_PATHS.merge, { id: themes[3].id }), { theme: themes[2].id }))
          .statusCode,
      );
      ok(
        (
          await admin.post(apiPath(INFO_REASON_PATHS.merge, { id: reasons[1].id }), {
            theme: reasons[0].id,
          })
        ).statusCode,
      );
      // A lom merge: the merged lom's messages move to the target (lom_merge_messages), its links too.
      const [target, merged] = [loms[0], loms[1]];
      await link(target.id, centers[0].id);
      await link(merged.id, centers[2].id);
      ok(
        (await admin.post(apiPath(ADMIN_LOM_PATHS.merge, { id: target.id }), { queryset: [merged.id] }))
          .statusCode,
      );
      const { current, expected } = await aggregateSnapshot(db);
      expect(current).toEqual(expected);
      expect(current.producerCenterDays.filter((cell) => cell.pc_id === 0).length).toBeGreaterThan(3);
      expect(current.producerCenterDayTotals.filter((total) => total.pc_id === 0).length).toBeGreaterThan(3);
      expect(current.moodDays.length).toBeGreaterThan(5);
      expect(current.moodWeeks.length).toBeGreaterThan(3);
      expect(current.moodMonths.length).toBeGreaterThan(3);
      expect(current.infoReasonMoods.length).toBeGreaterThan(0);
      expect(current.themeMoods.length).toBeGreaterThan(3);
      expect(Math.max(regionalCells, current.themeRegional.length)).toBeGreaterThan(3);
      expect(current.lomWeeks.length).toBeGreaterThan(3);
      expect(current.themeDays.length).toBeGreaterThan(3);
      expect(current.lomPeriods.length).toBeGreaterThan(3);
      await direct(ids, (list) => sql`delete from messages where id = any(${list})`);
      // Every cell leaves with its last message.
      const left = await queryRows<{ n: number }>(
        db,
        sql`select (select count(*) from message_daily_stats) + (select count(*) from message_day_counts)
                 + (select count(*) from message_mood_days) + (select count(*) from lom_day_stats)
                 + (select count(*) from lom_week_stats) + (select count(*) from theme_day_stats)
                 + (select count(*) from lom_period_stats) + (select count(*) from message_mood_weeks) + (select count(*) from message_mood_months)
                 + (select count(*) from theme_mood_days) + (select count(*) from theme_regional_days) + (select count(*) from info_reason_mood_days)
                 + (select count(*) from info_reason_day_stats) + (select count(*) from source_mood_days)
                 + (select count(*) from info_reason_week_stats) + (select count(*) from source_mood_weeks)
                 + (select count(*) from producer_center_days) as n`,
      );
      expect(Number(left[0].n)).toBe(0);
    });
  }
});

describe('concurrent writers of the same cells', () => {
  it('all succeed (no deadlock) and leave every rollup equal to its rebuild', async () => {
    const db = t.database.db;
    const editor = t.as('editor');
    const [lomA, lomB] = [await buildLom(db, { regionType: 2 }), await buildLom(db)];
    const theme = await buildTheme(db);
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const m = await buildMessage(db, {
        lomId: i % 2 ? lomA.id : lomB.id,
        wroteAt: new Date(MOMENTS[i % 2]),
        mood: ((i % 3) + 1) as 1 | 2 | 3,
        themeId: theme.id,
      });
      ids.push(m.id);
    }
    await refreshAggregates(db, await aggregateKeysOf(db, ids));
    // Each write moves messages between the same few cells: toggles, and mass edits whose ids overlap.
    const writes = ids.flatMap((id, i) => [
      () => editor.patch(apiPath(MESSAGE_FLAG_PATHS.v2.verify, { id })),
      () => editor.patch(MESSAGE_PATHS.fields, { ids: [id, ids[(i + 7) % ids.length]], mood: (i % 5) + 1 }),
    ]);
    // Meanwhile the two loms change region, again and again: the writers' regional cells must follow.
    const regions = Array.from({ length: 8 }, (_, i) =>
      db.execute(
        sql`update loms set region_type = ${i % 2 ? 1 : 2} where id = ${i % 4 < 2 ? lomA.id : lomB.id}`,
      ),
    );
    // And their producer centers change through the card (which holds the lom's row, then moves its share).
    const [centerA, centerB] = [await buildProducerCenter(db), await buildProducerCenter(db)];
    const admin = t.as('admin');
    const links = Array.from({ length: 8 }, (_, i) =>
      admin.patch(apiPath(LOM_PATHS.detail, { id: i % 2 ? lomA.id : lomB.id }), {
        producerCenters: [[centerA.id], [centerA.id, centerB.id], [], [centerB.id]][i % 4],
      }),
    );
    const [answers, , linked] = await Promise.all([
      Promise.all(writes.map((write) => write())),
      Promise.all(regions),
      Promise.all(links),
    ]);
    expect(answers.map((res) => res.statusCode).filter((status) => status >= 300)).toEqual([]);
    expect(linked.map((res) => res.statusCode).filter((status) => status >= 300)).toEqual([]);
    const { current, expected } = await aggregateSnapshot(db);
    expect(current).toEqual(expected);
  });
});
