import { ADMIN_LOM_PATHS, apiPath, LOM_PATHS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLomType } from '../../test/factories-lom-directories.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { buildFragment, buildMessage, buildQuote } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { mergeLoms } from './service.ts';

let kit: Kit;
let admin: UserCaller;
let editor: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  admin = kit.as('admin');
  editor = kit.as('editor');
  await kit.db.execute(
    sql`insert into lom_fact_types (id, name) values (1, 'Протесты') on conflict do nothing`,
  );
});
afterAll(() => kit.close());

const merge = (target: number, queryset: unknown, caller: UserCaller = admin) =>
  caller.post(apiPath(ADMIN_LOM_PATHS.merge, { id: target }), { queryset });

const countOf = async (db: Db, table: string, where: ReturnType<typeof sql>) =>
  Number(
    (
      await queryRows<{ n: string }>(
        db,
        sql`select count(*) as n from ${sql.identifier(table)} where ${where}`,
      )
    )[0]?.n,
  );

/** Two loms with something in every table that names a lom, colliding where a table keys by lom. */
async function world() {
  const db = kit.db;
  const target = await buildLom(db, { name: 'Цель Объединения', regionType: 2 });
  const merged = await buildLom(db, { name: 'Цель Объединения (дубль)' });
  const other = await buildLom(db, { name: 'Третий Лишний' });
  const theme = await buildTheme(db);
  const days = ['2025-03-01', '2025-03-02', '2025-03-10', '2025-04-15'];
  const sourceT = await buildLomSource(db, { lomId: target.id, coverage: 1000 });
  const sourceM = await buildLomSource(db, { lomId: merged.id, coverage: 9000 });
  const candidate = await buildLomSource(db, { probableLomId: merged.id });
  const messageIds: number[] = [];
  for (const [i, day] of days.entries()) {
    for (const lom of [target, merged]) {
      const message = await buildMessage(db, {
        lomId: lom.id,
        lomSourceId: lom.id === target.id ? sourceT.id : sourceM.id,
        day,
        themeId: i % 2 ? theme.id : null,
        mood: (i % 3) + 1,
        verified: i % 2 === 0,
        trash: i === 3 && lom === merged,
        si: 5 + i,
      });
      messageIds.push(message.id);
      await buildFragment(db, message.id);
      await buildQuote(db, { lomId: lom.id, messageId: message.id });
    }
  }
  await buildMessage(db, { lomId: other.id, speakerId: merged.id, day: '2025-03-02' });
  const group = await buildLomGroup(db, { loms: [target.id, merged.id] });
  const group2 = await buildLomGroup(db, { loms: [merged.id] });
  const [panel] = await queryRows<{ id: number }>(
    db,
    sql`insert into social_panels (name) values ('Панель слияния') returning id`,
  );
  await db.execute(sql`insert into social_panelists (panel_id, gender, age, married, education, joined_on, lom_ids)
    values (${panel?.id}, 1, 30, false, 1, '2025-01-01', ${`{${merged.id},${target.id},${other.id}}`}::int[]),
           (${panel?.id}, 2, 40, true, 2, '2025-01-01', ${`{${merged.id}}`}::int[])`);
  const fan = await kit.caller({ role: 3 });
  await db.execute(sql`insert into favourite_loms (user_id, lom_id) values
    (${fan.user.id}, ${target.id}), (${fan.user.id}, ${merged.id}), (${admin.user.id}, ${merged.id})`);
  await db.execute(sql`insert into theme_dashboard_loms (theme_id, lom_id, tonality) values
    (${theme.id}, ${target.id}, 1), (${theme.id}, ${merged.id}, 2)`);
  const type = await buildLomType(db);
  await db.execute(
    sql`insert into lom_lom_types (lom_id, lom_type_id) values (${target.id}, ${type.id}), (${merged.id}, ${type.id})`,
  );
  await db.execute(
    sql`insert into lom_facts (lom_id, lom_fact_id, fact_name, date) values (${merged.id}, 1, 'Митинг', '2025-03-01')`,
  );
  await db.execute(
    sql`insert into lom_involvements (title, lom_id, involvement_type) values ('Интеграция', ${merged.id}, 'ad')`,
  );
  await db.execute(sql`insert into lom_brands (lom_id, brand_lom_id, mentions) values
    (${other.id}, ${merged.id}, 3), (${other.id}, ${target.id}, 2), (${merged.id}, ${target.id}, 1)`);
  // The metric columns as the write paths keep them.
  const { refreshAggregates } = await import('../../domain/aggregates/rollup-queries.ts');
  const { refreshLomCoverage } = await import('../../domain/editing/lom-source-queries.ts');
  await refreshAggregates(db, { lomIds: [target.id, merged.id, other.id], newsIds: [] });
  await refreshLomCoverage(db, [target.id, merged.id]);
  return { target, merged, other, theme, group, group2, fan, sourceM, candidate, messageIds };
}

describe('POST admin/loms/{id}/merge/', () => {
  it('moves every table to the target, handles collisions and recomputes every rollup', async () => {
    const w = await world();
    const db = kit.db;
    const res = await merge(w.target.id, [w.merged.id]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.merged).toEqual([w.merged.id]);
    expect(body.lom).toMatchObject({ id: w.target.id, is_active: true, message_number: 7, sources_count: 2 });
    expect(body.moved).toMatchObject({
      messages: 4,
      quotes: 4,
      lom_sources: 1,
      lom_facts: 1,
      lom_involvements: 1,
    });

    const m = w.merged.id;
    const t = w.target.id;
    for (const table of [
      'messages',
      'quotes',
      'lom_sources',
      'favourite_loms',
      'lom_group_loms',
      'theme_dashboard_loms',
      'lom_lom_types',
      'lom_facts',
      'lom_involvements',
      'lom_brands',
      'message_daily_stats',
      'lom_day_stats',
      'lom_week_stats',
      'lom_period_stats',
    ]) {
      expect(await countOf(db, table, sql`lom_id = ${m}`), table).toBe(0);
    }
    expect(await countOf(db, 'messages', sql`lom_id = ${t}`)).toBe(8);
    expect(await countOf(db, 'messages', sql`speaker_id = ${t}`)).toBe(1);
    expect(await countOf(db, 'lom_sources', sql`probable_lom_id = ${t} and id = ${w.candidate.id}`)).toBe(1);
    // Fragments follow their messages.
    expect(
      await countOf(db, 'fragments', sql`message_id = any(${`{${w.messageIds.join(',')}}`}::int[])`),
    ).toBe(8);
    expect(await countOf(db, 'favourite_loms', sql`lom_id = ${t}`)).toBe(2);
    expect(
      await countOf(db, 'lom_group_loms', sql`lom_id = ${t} and group_id in (${w.group.id}, ${w.group2.id})`),
    ).toBe(2);
    expect(await countOf(db, 'theme_dashboard_loms', sql`lom_id = ${t}`)).toBe(1);
    // A panelist's follows: the merged lom becomes the target, once.
    const follows = await queryRows<{ lom_ids: number[] }>(
      db,
      sql`select lom_ids from social_panelists where ${m} = any(lom_ids) or ${t} = any(lom_ids) order by id`,
    );
    expect(follows.map((f) => f.lom_ids)).toEqual([[t, w.other.id].sort((x, y) => x - y), [t]]);
    expect(await countOf(db, 'lom_lom_types', sql`lom_id = ${t}`)).toBe(1);
    expect(await countOf(db, 'lom_brands', sql`brand_lom_id = ${t} and lom_id = ${w.other.id}`)).toBe(1);
    const [brand] = await queryRows<{ mentions: number }>(
      db,
      sql`select mentions from lom_brands where lom_id = ${w.other.id} and brand_lom_id = ${t}`,
    );
    expect(brand?.mentions).toBe(5);
    expect(await countOf(db, 'lom_brands', sql`lom_id = ${t} and brand_lom_id = ${t}`)).toBe(0);

    const [lom] = await queryRows<{ is_active: boolean; subscribers: string; sum_coverage: string }>(
      db,
      sql`select is_active, subscribers, sum_coverage from loms where id = ${m}`,
    );
    expect(lom).toMatchObject({ is_active: false });
    expect(Number(lom?.sum_coverage)).toBe(0);
    const [after] = await queryRows<{ subscribers: string; sum_coverage: string }>(
      db,
      sql`select subscribers, sum_coverage from loms where id = ${t}`,
    );
    expect(Number(after?.subscribers)).toBe(9000);
    expect(Number(after?.sum_coverage)).toBe(10000);

    const { current, expected } = await aggregateSnapshot(db);
    expect(current).toEqual(expected);

    const log = await queryRows<{ action: string; lom_id: number }>(
      db,
      sql`select action, lom_id from user_actions where action like 'lom.merge%' order by id`,
    );
    expect(log).toEqual([
      { action: 'lom.merge', lom_id: t },
      { action: 'lom.merged_into', lom_id: m },
    ]);

    // The messages list of the target shows the messages of both.
    const list = await admin.get('/api/v3/messages/', {
      lom_in: String(t),
      wrote_at_after: '2025-01-01',
      wrote_at_before: '2025-12-31',
      page_size: 50,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().elements_count).toBeGreaterThanOrEqual(7);

    // Merging the now inactive lom again is refused.
    const again = await merge(t, [m]);
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('queryset');
  });

  it('keeps every rollup when regional and other loms merge in every direction', async () => {
    const db = kit.db;
    const theme = await buildTheme(db);
    const days = ['2025-05-01', '2025-05-01', '2025-05-06', '2025-06-30', '2025-07-01'];
    const lomWith = async (regionType: number | null, seed: number) => {
      const lom = await buildLom(db, { name: `Регион ${seed}`, regionType });
      for (const [i, day] of days.entries()) {
        await buildMessage(db, {
          lomId: lom.id,
          day,
          themeId: (i + seed) % 3 ? theme.id : null,
          mood: ((i + seed) % 6) + 1,
          verified: (i + seed) % 2 === 0,
          archived: i === 4 && seed % 2 === 0,
          si: seed + i,
        });
      }
      return lom;
    };
    // Regional into other, other into regional, regional into regional, and three at once.
    for (const [target, merged] of [
      [2, [2]],
      [null, [2]],
      [2, [null]],
      [null, [2, null]],
    ] as const) {
      const t = await lomWith(target, 1);
      const queryset = [];
      for (const [i, region] of merged.entries()) queryset.push((await lomWith(region, i + 2)).id);
      const res = await merge(t.id, queryset);
      expect(res.statusCode).toBe(200);
      expect(res.json().moved.messages).toBe(days.length * merged.length);
      const { current, expected } = await aggregateSnapshot(db);
      expect(current, JSON.stringify({ target, merged })).toEqual(expected);
    }
  });

  it("sets the moved messages' viral_per_cent against the target's usual reach once merged", async () => {
    const db = kit.db;
    const target = await buildLom(db, { name: 'Вирусная Цель' });
    const merged = await buildLom(db, { name: 'Вирусный Дубль' });
    // Each lom has three ordinary days, then the merged lom has one message with a big reach: against the merged
    // lom alone (3 messages) it is one value, against the target once merged (6 messages) another.
    for (const [i, day] of ['2025-08-01', '2025-08-02', '2025-08-03'].entries()) {
      await buildMessage(db, { lomId: target.id, day, numberViews: 1000 + i, repostCount: 0 });
      await buildMessage(db, { lomId: merged.id, day, numberViews: 100 + i, repostCount: 1 });
    }
    const spike = await buildMessage(db, {
      lomId: merged.id,
      day: '2025-08-05',
      numberViews: 9000,
      repostCount: 50,
    });
    const viralOf = async () =>
      (
        await queryRows<{ value: number; fresh: number }>(
          db,
          sql`select viral_per_cent as value,
                     message_viral_per_cent(lom_id, wrote_at, number_views, repost_count) as fresh
                from messages where id = ${spike.id}`,
        )
      )[0];
    const before = await viralOf();
    expect(before.value).toBe(before.fresh);
    expect((await merge(target.id, [merged.id])).statusCode).toBe(200);
    const after = await viralOf();
    // The value a write would give it now that the target's days hold both loms' messages.
    expect(after.value).toBe(after.fresh);
    expect(after.value).not.toBe(before.value);
    expect(after.value).toBeGreaterThan(0);
  });

  it('refuses a merge into itself, an empty queryset, unknown ids; 403; 401', async () => {
    const a = await buildLom(kit.db);
    const b = await buildLom(kit.db);
    for (const queryset of [[a.id], [], [999999], [b.id, a.id], 'x', [true], [-1], null]) {
      const res = await merge(a.id, queryset);
      expect(res.statusCode, JSON.stringify(queryset)).toBe(400);
      expect(res.json().field).toMatch(/^queryset/);
    }
    expect((await merge(999999, [b.id])).statusCode).toBe(404);
    expect((await merge(a.id, [b.id], editor)).statusCode).toBe(403);
    const anonymous = await kit.anonymous.post(apiPath(ADMIN_LOM_PATHS.merge, { id: a.id }), {
      queryset: [b.id],
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countOf(kit.db, 'loms', sql`id = ${b.id} and is_active`)).toBe(1);
  });

  it('a merge killed inside its transaction changes nothing', async () => {
    const w = await world();
    const db = kit.db;
    const dump = async () => ({
      aggregates: (await aggregateSnapshot(db)).current,
      loms: await queryRows(
        db,
        sql`select * from loms where id in (${w.target.id}, ${w.merged.id}) order by id`,
      ),
      messages: await queryRows(db, sql`select id, lom_id, speaker_id from messages order by id`),
      quotes: await queryRows(db, sql`select id, lom_id from quotes order by id`),
      sources: await queryRows(db, sql`select id, lom_id, probable_lom_id from lom_sources order by id`),
      favourites: await queryRows(db, sql`select * from favourite_loms order by user_id, lom_id`),
      groups: await queryRows(db, sql`select * from lom_group_loms order by group_id, lom_id`),
      pins: await queryRows(db, sql`select * from theme_dashboard_loms order by theme_id, lom_id`),
      facts: await queryRows(db, sql`select id, lom_id from lom_facts order by id`),
      involvements: await queryRows(db, sql`select id, lom_id from lom_involvements order by id`),
      brands: await queryRows(db, sql`select * from lom_brands order by lom_id, brand_lom_id`),
      log: await queryRows(db, sql`select count(*) as n from user_actions`),
    });
    const before = await dump();
    const user: AuthUser = {
      id: admin.user.id,
      tokenId: 0,
      username: admin.user.username,
      role: 1,
      ui_permissions: [],
      extra_permissions: [],
    };
    await expect(
      mergeLoms(db, w.target.id, [w.merged.id], user, {
        afterMove: async () => {
          throw new Error('killed mid-way');
        },
      }),
    ).rejects.toThrow('killed mid-way');
    expect(await dump()).toEqual(before);
  });

  it('a merge and a concurrent edit of the target both survive', async () => {
    const w = await world();
    const [merged, edited] = await Promise.all([
      merge(w.target.id, [w.merged.id]),
      admin.patch(apiPath(LOM_PATHS.detail, { id: w.target.id }), { awards: 'Премия года' }),
    ]);
    expect(merged.statusCode).toBe(200);
    expect([200, 409]).toContain(edited.statusCode);
    const [row] = await queryRows<{ awards: string | null; message_number: number }>(
      kit.db,
      sql`select awards, message_number from loms where id = ${w.target.id}`,
    );
    if (edited.statusCode === 200) expect(row?.awards).toBe('Премия года');
    expect(row?.message_number).toBe(7);
    const { current, expected } = await aggregateSnapshot(kit.db);
    expect(current).toEqual(expected);
  });
});
