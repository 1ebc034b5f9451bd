import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { idList } from './queries.ts';

/** SQL of the themes pinned on the dashboards page and of the theme dashboard picker (docs/dashboards.md). */

export interface PinnedThemeRow {
  id: number;
  name: string;
  position: number;
  constant_lom_count: string | number;
}

export async function pinnedThemes(db: Db): Promise<PinnedThemeRow[]> {
  return queryRows<PinnedThemeRow>(
    db,
    sql`select t.id, t.name, d.position,
               (select count(*) from theme_dashboard_loms c where c.theme_id = t.id) as constant_lom_count
          from dashboard_themes d join themes t on t.id = d.theme_id
         order by d.position, d.id`,
  );
}

export async function isPinned(db: Db, themeId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from dashboard_themes where theme_id = ${themeId}`);
  return rows.length > 0;
}

export async function pinTheme(db: Db, themeId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ position: number }>(
    db,
    sql`insert into dashboard_themes (theme_id, created_by, position)
        select ${themeId}, ${userId}, coalesce(max(position), -1) + 1 from dashboard_themes
        returning position`,
  );
  return Number(row.position);
}

export async function unpinTheme(db: Db, themeId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from dashboard_themes where theme_id = ${themeId} returning id`,
  );
  return rows.length > 0;
}

export interface ThemeMoodSumRow {
  theme_id: number;
  mood: number | null;
  n: string | number;
  si: number | null;
  views: string | number;
  lom_count: string | number;
  subscribers: string | number | null;
}

/** Per-theme, per-mood sums of verified live messages over whole days (the rollup). */
export async function themeMoodSums(
  db: Db,
  themeIds: readonly number[],
  afterDay: string,
  beforeDay: string,
): Promise<ThemeMoodSumRow[]> {
  if (!themeIds.length) return [];
  return queryRows(
    db,
    sql`with p as (
          select r.theme_id, r.mood, r.lom_id, sum(r.message_count)::bigint as n, sum(r.si_sum) as si,
                 sum(r.views_sum)::bigint as views
            from message_daily_stats r
           where r.theme_id in (${idList(themeIds)}) and r.day >= ${afterDay}::date and r.day < ${beforeDay}::date
             and r.live and r.verified
           group by 1, 2, 3)
        select p.theme_id, p.mood, sum(p.n) as n, sum(p.si) as si, sum(p.views) as views,
               count(p.lom_id) as lom_count, sum(l.subscribers) as subscribers
          from p left join loms l on l.id = p.lom_id
         group by 1, 2`,
  );
}

export interface ThemeChoiceRow {
  id: number;
  name: string;
  constant_lom_count: string | number;
  pinned: boolean;
}

/** Non-archived themes with constant loms or pinned, by name. */
export async function dashboardThemeChoices(db: Db): Promise<ThemeChoiceRow[]> {
  return queryRows(
    db,
    sql`select t.id, t.name, coalesce(c.n, 0) as constant_lom_count, (d.theme_id is not null) as pinned
          from themes t
          left join (select theme_id, count(*) as n from theme_dashboard_loms group by 1) c on c.theme_id = t.id
          left join dashboard_themes d on d.theme_id = t.id
         where not t.archived and (c.n is not null or d.theme_id is not null)
         order by lower(t.name), t.id`,
  );
}
