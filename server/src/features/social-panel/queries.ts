import type { ViralStat } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { addDays, moscowMidnight } from '../../domain/moscow-calendar.ts';
import { LIVE_VIRAL, VIRAL_STAT_COLUMN } from '../../domain/viral-queries.ts';

/**
 * All SQL of the marker panel. Every chart counts the panel's panelists (social_panelists,
 * read through social_panelists_panel_idx): its cost grows with the panel, never with the
 * messages (docs/social-panel.md).
 */

export interface PanelRow {
  id: number;
  name: string;
  description: string;
  group_id: number | null;
  group_name: string | null;
  panelists_count: number;
  loms_count: number;
  total: number;
}

const panelSelect = sql`
  select p.id, p.name, p.description, g.id as group_id, g.name as group_name,
    (select count(*)::int from social_panelists s where s.panel_id = p.id) as panelists_count,
    (select count(*)::int from social_panel_loms l where l.panel_id = p.id and not l.is_candidate) as loms_count`;

export async function panelPage(
  db: Db,
  query: { page: number; page_size: number; group?: number },
): Promise<PanelRow[]> {
  const where = query.group === undefined ? sql`` : sql`where p.group_id = ${query.group}`;
  return queryRows<PanelRow>(
    db,
    sql`${panelSelect}, count(*) over ()::int as total
      from social_panels p left join social_panel_groups g on g.id = p.group_id
      ${where}
      order by p.id
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
}

export async function panelGroups(db: Db): Promise<{ id: number; name: string }[]> {
  return queryRows(db, sql`select id, name from social_panel_groups order by id`);
}

export async function panelRow(db: Db, id: number): Promise<PanelRow | undefined> {
  const rows = await queryRows<PanelRow>(
    db,
    sql`${panelSelect}, 1 as total
      from social_panels p left join social_panel_groups g on g.id = p.group_id
      where p.id = ${id}`,
  );
  return rows[0];
}

export async function panelExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from social_panels where id = ${id}`);
  return rows.length > 0;
}

/** The panel as it stood at the end of the period: panelists who had joined by then. */
function members(panelId: number, before: string | undefined): SQL {
  const asOf = before ? sql` and s.joined_on <= ${before}::date` : sql``;
  return sql`s.panel_id = ${panelId}${asOf}`;
}

export async function countsBy(
  db: Db,
  panelId: number,
  before: string | undefined,
  column: 'age' | 'gender' | 'education' | 'married',
): Promise<{ value: number | boolean; count: number }[]> {
  return queryRows(
    db,
    sql`select s.${sql.raw(column)} as value, count(*)::int as count
      from social_panelists s where ${members(panelId, before)}
      group by 1 order by 1`,
  );
}

export interface RegionCount {
  id: number | null;
  name: string | null;
  count: number;
}

export async function regionCounts(
  db: Db,
  panelId: number,
  before: string | undefined,
): Promise<RegionCount[]> {
  return queryRows<RegionCount>(
    db,
    sql`select c.region_id as id, r.name, c.count
      from (select s.region_id, count(*)::int as count from social_panelists s
        where ${members(panelId, before)} group by 1) c
      left join regions r on r.id = c.region_id
      order by c.count desc, c.region_id nulls last`,
  );
}

/** Panelists by the day they joined, up to `before` (one pass over the panel; the service sums them up). */
export async function joinsByDay(
  db: Db,
  panelId: number,
  before: string,
): Promise<{ day: string; count: number }[]> {
  return queryRows(
    db,
    sql`select to_char(s.joined_on, 'YYYY-MM-DD') as day, count(*)::int as count
      from social_panelists s where ${members(panelId, before)}
      group by s.joined_on order by s.joined_on`,
  );
}

export async function memberCount(db: Db, panelId: number, before: string | undefined): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from social_panelists s where ${members(panelId, before)}`,
  );
  return rows[0]?.count ?? 0;
}

export interface TopRow {
  id: number;
  name: string;
  url: string | null;
  count: number;
}

/** The loms or communities most panelists follow. */
export async function topFollowed(
  db: Db,
  panelId: number,
  before: string | undefined,
  kind: 'loms' | 'groups',
  limit: number,
): Promise<TopRow[]> {
  const column = kind === 'loms' ? sql`s.lom_ids` : sql`s.group_ids`;
  const named = kind === 'loms' ? sql`join loms t on t.id = f.id` : sql`join social_groups t on t.id = f.id`;
  const url = kind === 'loms' ? sql`null::text` : sql`t.url`;
  return queryRows<TopRow>(
    db,
    sql`select f.id, t.name, ${url} as url, f.count
      from (select x.id, count(*)::int as count
        from social_panelists s cross join lateral unnest(${column}) as x(id)
        where ${members(panelId, before)}
        group by x.id order by count(*) desc, x.id limit ${limit}) f
      ${named}
      order by f.count desc, f.id`,
  );
}

export interface PanelistRow {
  id: number;
  gender: number;
  age: number;
  married: boolean;
  education: number;
  region: string | null;
  loms_count: number;
  total: number;
}

export async function panelistPage(
  db: Db,
  panelId: number,
  page: { page: number; page_size: number },
): Promise<PanelistRow[]> {
  return queryRows<PanelistRow>(
    db,
    sql`select s.id, s.gender, s.age, s.married, s.education, r.name as region,
        cardinality(s.lom_ids) as loms_count, count(*) over ()::int as total
      from social_panelists s left join regions r on r.id = s.region_id
      where s.panel_id = ${panelId}
      order by s.id
      limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`,
  );
}

export interface PanelLomRow {
  id: number;
  name: string;
  share: number;
  is_candidate: boolean;
  total: number;
}

export async function panelLomPage(
  db: Db,
  panelId: number,
  candidates: boolean,
  page: { page: number; page_size: number },
): Promise<PanelLomRow[]> {
  return queryRows<PanelLomRow>(
    db,
    sql`select l.id, l.name, pl.share, pl.is_candidate, count(*) over ()::int as total
      from social_panel_loms pl join loms l on l.id = pl.lom_id
      where pl.panel_id = ${panelId} and pl.is_candidate = ${candidates}
      order by pl.share desc, l.id
      limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`,
  );
}

/**
 * viral-content-id/: the period's viral messages (domain/viral-queries.ts) of the panel's confirmed loms, most viral
 * by `stat` first, with their count. Read lom by lom through (lom_id, wrote_at): the cost follows the panel's loms'
 * messages of the period, a few dozen rows, not every viral message of the period (those grow with the database:
 * 4.7 ms at 1M and 14 ms at 5M messages when they were read and filtered by lom).
 */
export async function panelViralIds(
  db: Db,
  id: number,
  range: { from: string; to: string },
  stat: ViralStat,
  limit: number,
): Promise<{ ids: number[]; count: number }> {
  const column = sql.raw(VIRAL_STAT_COLUMN[stat]);
  const rows = await queryRows<{ id: number; total: string | number }>(
    db,
    sql`select m.id, count(*) over () as total
          from social_panel_loms p
         cross join lateral (
           select id, ${column} as stat
             from messages
            where lom_id = p.lom_id
              and wrote_at >= ${moscowMidnight(range.from).toISOString()}::timestamptz
              and wrote_at < ${moscowMidnight(addDays(range.to, 1)).toISOString()}::timestamptz
              and ${LIVE_VIRAL}) m
         where p.panel_id = ${id} and not p.is_candidate
         order by m.stat desc nulls last, m.id desc
         limit ${limit}`,
  );
  return { ids: rows.map((r) => r.id), count: Number(rows[0]?.total ?? 0) };
}
