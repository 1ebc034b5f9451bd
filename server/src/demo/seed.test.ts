import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { SeedRefusedError, type SeedSummary, seedDemo } from './seed.ts';
import { DEMO_USERS, MENU_PERMISSIONS } from './users.ts';

const NOW = new Date('2025-06-15T09:30:00Z');
const OPTIONS = { messages: 2_000, seed: 7, now: NOW };

describe('seedDemo', () => {
  let database: Database;
  let summary: SeedSummary;
  const query = async <T>(text: string) => (await database.pglite!.query<T>(text)).rows;
  const one = async <T>(text: string) => (await query<T>(text))[0];

  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
    summary = await seedDemo(database, OPTIONS);
  });
  afterAll(() => database.close());

  it('loads the requested number of messages within the last year', async () => {
    expect(summary.messages).toBe(2_000);
    const range = await one<{ oldest: Date; newest: Date }>(
      'select min(wrote_at) as oldest, max(wrote_at) as newest from messages',
    );
    expect(range.newest.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(NOW.getTime() - range.oldest.getTime()).toBeLessThanOrEqual(366 * 86_400_000);
  });

  it('refuses a database that has messages unless reset, and is deterministic', async () => {
    const first = await one<{ text: string }>('select text from messages order by id limit 1');
    await expect(seedDemo(database, OPTIONS)).rejects.toBeInstanceOf(SeedRefusedError);
    const again = await seedDemo(database, { ...OPTIONS, reset: true });
    expect(await one<{ text: string }>('select text from messages order by id limit 1')).toEqual(first);
    expect({ ...again, milliseconds: 0 }).toEqual({ ...summary, milliseconds: 0 });
  });

  it('cuts fragments out of the message text at their offsets', async () => {
    const bad = await one<{ n: number }>(
      `select count(*)::int as n from fragments f join messages m on m.id = f.message_id
        where substr(m.text, f.start + 1, f."end" - f.start) <> f.text`,
    );
    expect(summary.fragments).toBeGreaterThan(100);
    expect(bad.n).toBe(0);
  });

  it('has audience shares that add up to 100 in every group', async () => {
    const bad = await one<{ n: number }>(
      `select count(*)::int as n from lom_audiences
        where female_sum + male_sum <> 100
           or a0_17 + a18_24 + a25_34 + a35_44 + a45_54 + amore_55 <> 100
           or married + single <> 100 or middle + higher <> 100
           or correlated_sum + anti_correlated_sum + non_correlated_sum <> 100`,
    );
    const badQuality = await one<{ n: number }>(
      'select count(*)::int as n from lom_quality_audiences where quality_part + mass_part + lom_part + bot_part <> 100',
    );
    expect(await one<{ n: number }>('select count(*)::int as n from lom_audiences')).not.toEqual({ n: 0 });
    expect(bad.n).toBe(0);
    expect(badQuality.n).toBe(0);
  });

  it('creates every demo user with its role and a working password', async () => {
    const users = await query<{
      username: string;
      role: number;
      password_hash: string;
      ui_permissions: string[];
    }>('select username, role, password_hash, ui_permissions from users');
    for (const demo of DEMO_USERS) {
      expect(users.find((u) => u.username === demo.login)?.role, demo.login).toBe(demo.role);
    }
    expect(new Set(users.map((u) => u.role))).toEqual(new Set([0, 1, 2, 3, 4, 101, 102]));
    const admin = users.find((u) => u.username === 'admin')!;
    expect(admin.ui_permissions).toEqual(expect.arrayContaining([...MENU_PERMISSIONS]));
    // The producer-center card rules narrow the lom card, so the administrator holds neither (docs/permissions.md).
    expect(admin.ui_permissions.filter((p) => p.endsWith('_for_pc'))).toEqual([]);
    expect(await verify(admin.password_hash, 'admin12345')).toBe(true);
  });

  it('keeps the rollup equal to the aggregates of the messages', async () => {
    const compare = `
      select theme_id, mood, live, sum(n)::int as n, round(sum(si)::numeric, 4) as si, sum(v)::bigint as v
        from (%s) x group by 1, 2, 3`;
    const fromMessages = compare.replace(
      '%s',
      `select theme_id, mood, not trash and not archived and not delayed as live,
              1 as n, si, number_views as v from messages`,
    );
    const fromRollup = compare.replace(
      '%s',
      'select theme_id, mood, live, message_count as n, si_sum as si, views_sum as v from message_daily_stats',
    );
    const diff = await one<{ n: number }>(
      `select count(*)::int as n from ((${fromMessages} except ${fromRollup}) union all (${fromRollup} except ${fromMessages})) d`,
    );
    expect(diff.n).toBe(0);
  });

  it('fills lom_day_stats (its triggers do not fire under the loader) as the messages count', async () => {
    const compare = `
      select lom_id, day, trash, archived, delayed, sum(n)::int as n, sum(v)::int as verified,
             round(sum(si)::numeric, 4) as si, sum(views)::bigint as views, sum(m3)::int as m3
        from (%s) x group by 1, 2, 3, 4, 5`;
    const fromMessages = compare.replace(
      '%s',
      `select lom_id, (wrote_at at time zone 'Europe/Moscow')::date as day, trash, archived, delayed,
              1 as n, verified::int as v, si, number_views as views, (mood is not distinct from 3)::int as m3
         from messages where lom_id is not null`,
    );
    const fromRollup = compare.replace(
      '%s',
      `select lom_id, day, trash, archived, delayed, message_count as n, verified_count as v, si_sum as si,
              views_sum as views, mood3_count as m3 from lom_day_stats`,
    );
    const diff = await one<{ n: number }>(
      `select count(*)::int as n from ((${fromMessages} except ${fromRollup}) union all (${fromRollup} except ${fromMessages})) d`,
    );
    expect(await one<{ n: number }>('select count(*)::int as n from lom_day_stats')).not.toEqual({ n: 0 });
    expect(diff.n).toBe(0);
  });

  it('keeps the lom metric columns equal to their messages', async () => {
    const totals = await one<{ loms: number; messages: number }>(
      `select (select sum(message_number)::int from loms) as loms,
              (select count(*)::int from messages where lom_id is not null
                 and not trash and not archived and not delayed) as messages`,
    );
    expect(totals.loms).toBe(totals.messages);
  });

  it('leaves no dangling foreign key although the load skips the checks', async () => {
    const keys = await query<{ child: string; column: string; parent: string; ref: string }>(
      `select c.conrelid::regclass::text as child, a.attname as column,
              c.confrelid::regclass::text as parent, r.attname as ref
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_attribute r on r.attrelid = c.confrelid and r.attnum = c.confkey[1]
        where c.contype = 'f'`,
    );
    expect(keys.length).toBeGreaterThan(50);
    for (const k of keys) {
      const dangling = await one<{ n: number }>(
        `select count(*)::int as n from ${k.child} c
          where c."${k.column}" is not null
            and not exists (select 1 from ${k.parent} p where p."${k.ref}" = c."${k.column}")`,
      );
      expect(dangling.n, `${k.child}.${k.column}`).toBe(0);
    }
  });

  // Issue 17, social panel: a panel's lom shares are its panelists' follows (docs/social-panel.md "Demo").
  it('keeps the marker panel lom shares equal to the share of their panelists who follow the lom', async () => {
    const panels = await one<{ panels: number; empty: number }>(
      `select count(*)::int as panels,
              count(*) filter (where not exists (select 1 from social_panelists s where s.panel_id = p.id))::int as empty
         from social_panels p`,
    );
    expect(panels).toEqual({ panels: 12, empty: 0 });
    const bad = await one<{ n: number; total: number }>(
      `with sizes as (select panel_id, count(*) as size from social_panelists group by panel_id),
            follows as (select s.panel_id, x.id as lom_id, count(*) as n
                          from social_panelists s cross join lateral unnest(s.lom_ids) as x(id) group by 1, 2)
       select count(*) filter (where round(f.n * 1000.0 / z.size) / 10 <> l.share::numeric
                                  or f.n is null)::int as n,
              count(*)::int as total
         from social_panel_loms l join sizes z on z.panel_id = l.panel_id
         left join follows f on f.panel_id = l.panel_id and f.lom_id = l.lom_id`,
    );
    expect(bad.total).toBeGreaterThan(100);
    expect(bad.n).toBe(0);
  });

  it('marks nothing as AI that no model set: interests, lom focuses, info reasons outside AI themes, regions, cities', async () => {
    const flags = await one<Record<string, number>>(
      `select (select count(*) from lom_interests where is_ai)::int as interests,
              (select count(*) from lom_focuses where ai)::int as focuses,
              (select count(*) from info_reasons r where r.ai and not exists (
                 select 1 from themes t where t.id = r.theme_id and t.created_by_ai))::int as reasons,
              (select count(*) from regions where ai)::int as regions,
              (select count(*) from cities where ai)::int as cities`,
    );
    expect(flags).toEqual({ interests: 0, focuses: 0, reasons: 0, regions: 0, cities: 0 });
  });

  it('gives every message its search vector although the loader skips triggers (docs/search.md)', async () => {
    const row = await one<{ missing: number; found: number }>(
      `select count(*) filter (where search_vector is null)::int as missing,
              count(*) filter (where search_vector @@ search_tsquery('новости', 'russian', 'D', false))::int as found
         from messages`,
    );
    expect(row.missing).toBe(0);
    expect(row.found).toBeGreaterThan(0);
  });

  it('pins the first two personal themes of every user on the theme dashboards page', async () => {
    const users = await query<{ themes: number; pins: number[] }>(
      `select count(*)::int as themes,
              array_remove(array_agg(d.position order by d.position), null) as pins
         from personal_themes p left join dashboard_personal_themes d on d.personal_theme_id = p.id
        group by p.user_id`,
    );
    expect(users.length).toBeGreaterThan(3);
    for (const user of users) expect(user.pins).toEqual([0, 1]);
  });

  it('moves the sequences past the loaded ids', async () => {
    const row = await one<{ id: number }>(`insert into themes (name) values ('Новая тема') returning id`);
    expect(row.id).toBeGreaterThan(summary.themes);
  });

  it('makes as many loms as asked (the bench asks for 20,000)', async () => {
    const small = await seedDemo(database, { ...OPTIONS, messages: 300, loms: 40, reset: true });
    expect(small.loms).toBe(40);
    expect(await one<{ n: number }>('select count(*)::int as n from loms')).toEqual({ n: 40 });
    expect(await one<{ n: number }>('select max(lom_id)::int as n from messages')).toEqual({ n: 40 });
  });

  it('adds generated themes up to as many as asked (the bench asks for 500), the curated ones first', async () => {
    const plain = await seedDemo(database, { ...OPTIONS, messages: 300, loms: 40, reset: true });
    const summary = await seedDemo(database, {
      ...OPTIONS,
      messages: 3000,
      loms: 40,
      themes: 120,
      reset: true,
    });
    expect(summary.themes).toBe(120);
    expect(
      await one<{ n: number; names: number; reasonless: number }>(
        `select count(*)::int as n, count(distinct name)::int as names,
                count(*) filter (where not exists (select 1 from info_reasons ir where ir.theme_id = t.id))::int
                  as reasonless
           from themes t where t.id <= ${summary.themes}`,
      ),
    ).toEqual({ n: 120, names: 120, reasonless: 0 });
    // Past them, the duplicates the admin lists offer to merge (demo/admin-directories.ts).
    expect(
      await one<{ n: number }>(`select count(*)::int as n from themes where id > ${summary.themes}`),
    ).toEqual({
      n: 3,
    });
    // The curated and AI themes keep their ids; messages reach the generated ones too.
    expect(
      await one<{ n: number }>(
        `select count(*)::int as n from themes where id <= ${plain.themes} and name like 'Благоустройство%'`,
      ),
    ).toEqual({ n: 1 });
    const generated = await one<{ n: number }>(
      `select count(distinct theme_id)::int as n from messages where theme_id > ${plain.themes}`,
    );
    expect(generated.n).toBeGreaterThan(50);
  });
});
