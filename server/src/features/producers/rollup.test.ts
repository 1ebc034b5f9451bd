import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildProducerCenter } from '../../test/factories-lom-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { insertMessages } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import {
  dayMoodSeries,
  daySeries,
  moodTotals,
  type ProducerFilter,
  sourceTotals,
  subscriberSeries,
} from './queries.ts';

/**
 * The producer centers' message figures read from producer_center_days (one center, several that share loms,
 * every center; with and without sources) answer exactly what the direct read of the centers' distinct loms'
 * cells of message_daily_stats answered before the rollup, on seeded random data, before and after random link
 * changes, a lom merge and a lom deleted.
 */

let kit: Kit;
beforeAll(async () => {
  kit = await createKit();
});
afterAll(() => kit.close());

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

/** The reads as they were before the rollup: the distinct loms of the chosen centers, by lom. */
function directCells(filter: ProducerFilter): SQL {
  const centers = filter.centers?.length
    ? sql`lpc.producer_center_id = any(${pgArray(filter.centers)}::int[])`
    : sql`true`;
  const sources = filter.sources?.length
    ? sql`r.source_id = any(${pgArray(filter.sources)}::int[])`
    : sql`true`;
  return sql`(select r.* from message_daily_stats r
               where r.lom_id in (select distinct lpc.lom_id from lom_producer_centers lpc where ${centers})
                 and r.live and r.day >= ${filter.days.after}::date and r.day <= ${filter.days.before}::date
                 and ${sources})`;
}

const DIRECT = {
  days: (f: ProducerFilter) =>
    sql`select to_char(r.day, 'YYYY-MM-DD') as day, sum(r.message_count) as messages, sum(r.views_sum) as views,
               sum(r.reposts_sum) as reposts, sum(r.comments_sum) as comments
          from ${directCells(f)} r group by r.day order by r.day`,
  sources: (f: ProducerFilter) =>
    sql`select coalesce(s.name, 'Без площадки') as name, sum(x.messages) as messages, sum(x.views) as views
          from (select r.source_id, sum(r.message_count) as messages, sum(r.views_sum) as views
                  from ${directCells(f)} r group by r.source_id) x
          left join sources s on s.id = x.source_id
         group by 1`,
  dayMoods: (f: ProducerFilter) =>
    sql`select to_char(r.day, 'YYYY-MM-DD') as day, r.mood, sum(r.message_count) as messages
          from ${directCells(f)} r group by r.day, r.mood`,
  moods: (f: ProducerFilter) =>
    sql`select r.mood, sum(r.message_count) as messages from ${directCells(f)} r group by r.mood`,
  subscribers: (f: ProducerFilter) =>
    sql`select to_char(h.day, 'YYYY-MM-DD') as day, sum(h.subscribers) as subscribers
          from lom_subscriber_history h
         where h.lom_id in (select distinct lpc.lom_id from lom_producer_centers lpc
                             where ${f.centers?.length ? sql`lpc.producer_center_id = any(${pgArray(f.centers)}::int[])` : sql`true`})
           and h.day >= ${f.days.after}::date and h.day <= ${f.days.before}::date
         group by h.day order by h.day`,
};

/** Rows as comparable text, in one order (numbers from bigint and numeric sums alike). */
const norm = (rows: readonly Record<string, unknown>[]) =>
  rows
    .map((row) =>
      JSON.stringify(Object.entries(row).map(([key, value]) => [key, value === null ? null : String(value)])),
    )
    .sort();

async function compare(db: Db, filter: ProducerFilter): Promise<number> {
  const pairs = [
    [await daySeries(db, filter), DIRECT.days(filter)],
    [await sourceTotals(db, filter), DIRECT.sources(filter)],
    [await dayMoodSeries(db, filter), DIRECT.dayMoods(filter)],
    [await moodTotals(db, filter), DIRECT.moods(filter)],
    [await subscriberSeries(db, filter.days, filter.centers), DIRECT.subscribers(filter)],
  ] as const;
  let rows = 0;
  for (const [answer, direct] of pairs) {
    const expected = await queryRows<Record<string, unknown>>(db, direct);
    expect(norm(answer as unknown as Record<string, unknown>[])).toEqual(norm(expected));
    rows += expected.length;
  }
  return rows;
}

const DAYS = ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-08', '2026-02-09', '2026-02-20'];

describe('producer_center_days answers as the direct read of the centers loms', () => {
  for (const seed of [1, 2]) {
    it(`seed ${seed}`, async () => {
      const db = kit.db;
      const rnd = random(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
      const centers = await Promise.all([1, 2, 3, 4].map(() => buildProducerCenter(db)));
      const sources = await Promise.all([1, 2, 3].map(() => buildSource(db)));
      const loms = await Promise.all(Array.from({ length: 8 }, () => buildLom(db)));
      const link = (lom: number, center: number) =>
        db.execute(sql`insert into lom_producer_centers (lom_id, producer_center_id) values (${lom}, ${center})
                       on conflict do nothing`);
      // Some loms in two or three centers, some in one, one in none.
      for (const lom of loms.slice(1)) {
        for (const center of centers) if (rnd() < 0.4) await link(lom.id, center.id);
      }
      await link(loms[1].id, centers[0].id);
      await link(loms[1].id, centers[1].id);
      const write = () =>
        insertMessages(
          db,
          Array.from({ length: 40 }, () => ({
            lomId: rnd() < 0.1 ? null : pick(loms).id,
            sourceId: rnd() < 0.1 ? null : pick(sources).id,
            wroteAt: new Date(`${pick(DAYS)}T${pick(['00:30', '12:00', '22:30'])}:00+03:00`),
            mood: rnd() < 0.2 ? null : (pick([1, 2, 3, 4, 5, 6]) as 1 | 2 | 3 | 4 | 5 | 6),
            numberViews: Math.floor(rnd() * 1000),
            repostCount: Math.floor(rnd() * 10),
            commentsCount: Math.floor(rnd() * 10),
            trash: rnd() < 0.1,
            archived: rnd() < 0.1,
            text: 'Публикация',
          })),
        );
      await write();
      // The stored subscriber counts of most loms on some days (lom_subscriber_history).
      const history = async () => {
        for (const lom of loms) {
          for (const day of DAYS.slice(0, 4)) {
            if (rnd() < 0.7) {
              await db.execute(sql`insert into lom_subscriber_history (lom_id, day, subscribers)
                                   select ${lom.id}, ${day}::date, ${Math.floor(rnd() * 10_000)}
                                    where exists (select 1 from loms where id = ${lom.id})
                                   on conflict (lom_id, day) do update set subscribers = excluded.subscribers`);
            }
          }
        }
      };
      await history();
      const filters = (): ProducerFilter[] => {
        const days = { after: '2026-02-02', before: '2026-02-09' };
        const all = { after: '2026-01-01', before: '2026-03-01' };
        const ids = centers.map((center) => center.id);
        return [
          { days: all },
          { days },
          { days: all, centers: [ids[0]] },
          { days, centers: [ids[1]], sources: [sources[0].id] },
          { days: all, centers: [ids[0], ids[1]] },
          { days: all, centers: ids },
          { days, centers: [ids[0], ids[2], ids[ids.length - 1]], sources: [sources[1].id, sources[2].id] },
          { days: all, sources: [sources[2].id] },
        ];
      };
      const check = async () => {
        let rows = 0;
        for (const filter of filters()) rows += await compare(db, filter);
        expect(rows).toBeGreaterThan(20);
        const { current, expected } = await aggregateSnapshot(db);
        expect(current.producerCenterDays).toEqual(expected.producerCenterDays);
        expect(current.producerCenterDayTotals).toEqual(expected.producerCenterDayTotals);
        expect(current.producerCenterSubscribers).toEqual(expected.producerCenterSubscribers);
        expect(current.producerCenterSubscribers.length).toBeGreaterThan(0);
      };
      await check();
      // Links change: a statement adds several links of one lom (its first center among them), another takes
      // a lom's every link, another moves links from one lom to another.
      await db.execute(sql`insert into lom_producer_centers (lom_id, producer_center_id)
                           select ${loms[0].id}, id from producer_centers where id = any(${pgArray(centers.map((c) => c.id))}::int[])
                           on conflict do nothing`);
      await db.execute(sql`delete from lom_producer_centers where lom_id = ${loms[2].id}`);
      await db.execute(
        sql`update lom_producer_centers set lom_id = ${loms[2].id} where lom_id = ${loms[3].id}`,
      );
      await write();
      await history();
      await db.execute(
        sql`update lom_subscriber_history set subscribers = subscribers + 5 where day = ${DAYS[0]}`,
      );
      await db.execute(
        sql`delete from lom_subscriber_history where day = ${DAYS[1]} and lom_id = ${loms[1].id}`,
      );
      await check();
      // A lom merge (lom_merge_messages moves the messages; the links follow as the admin merge moves them),
      // a lom deleted, a center deleted.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select lom_merge_messages(${loms[4].id}, ${pgArray([loms[5].id])}::int[])`);
        await tx.execute(sql`update lom_producer_centers set lom_id = ${loms[4].id}
                              where lom_id = ${loms[5].id} and producer_center_id not in
                                    (select producer_center_id from lom_producer_centers where lom_id = ${loms[4].id})`);
        await tx.execute(sql`delete from loms where id = ${loms[5].id}`);
      });
      await db.execute(sql`delete from loms where id = ${loms[6].id}`);
      await db.execute(sql`delete from producer_centers where id = ${centers[3].id}`);
      centers.pop();
      await check();
      // A rebuild of the cells deletes every row and inserts them again: the totals' trigger takes the old rows
      // away and adds the new ones, so they end as they were.
      const before = (await aggregateSnapshot(db)).current.producerCenterDayTotals;
      await db.execute(sql`delete from producer_center_days where pc_id = ${centers[0].id}`);
      expect((await aggregateSnapshot(db)).current.producerCenterDayTotals.length).toBeLessThan(
        before.length,
      );
      await db.execute(sql`select producer_center_days_rebuild()`);
      expect((await aggregateSnapshot(db)).current.producerCenterDayTotals).toEqual(before);
    });
  }
});
