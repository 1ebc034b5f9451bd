import type { AdminMlgReportListQuery } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { offsetOf } from '../../http/pagination.ts';

// The SQL of the admin panel's mlg reports (docs/admin-loms.md "Mlg reports").

type Paged = { total: number | string };

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const ids = (values: readonly number[]) => sql`${pgArray(values)}::int[]`;

export interface ReportRow {
  id: number;
  report_id: number;
  title: string | null;
  public: boolean;
  active: boolean;
  last_processed: string | null;
  created_at: string;
  loms_count: number | string;
  loms_sources_count: number | string;
}

const REPORT_COLUMNS = sql`
  g.id, g.report_id, g.title, g.public, g.active,
  to_char(g.last_processed at time zone 'UTC', ${ISO_UTC}) as last_processed,
  to_char(g.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
  (select count(*) from (
     select gl.lom_id from lom_group_loms gl where gl.group_id = g.id
     union
     select ls.lom_id from lom_group_lom_sources gs join lom_sources ls on ls.id = gs.lom_source_id
      where gs.group_id = g.id and ls.lom_id is not null) m) as loms_count,
  (select count(*) from lom_group_lom_sources gs where gs.group_id = g.id) as loms_sources_count`;

/** One page of the groups loaded for a report (those with a report number), newest first. */
export async function reportPage(db: Db, query: AdminMlgReportListQuery): Promise<(ReportRow & Paged)[]> {
  const where: SQL[] = [sql`g.report_id is not null`];
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(sql`(g.title ilike ${pattern} or g.report_id::text like ${pattern})`);
  }
  return queryRows<ReportRow & Paged>(
    db,
    sql`select ${REPORT_COLUMNS}, count(*) over () as total
          from lom_groups g where ${sql.join(where, sql` and `)}
         order by g.created_at desc, g.id desc
         limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}`,
  );
}

export async function reportRow(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`select ${REPORT_COLUMNS} from lom_groups g where g.id = ${id} and g.report_id is not null`,
  );
  return row;
}

export async function lockReport(db: Db, id: number) {
  const [row] = await queryRows<{ id: number; report_id: number; title: string | null }>(
    db,
    sql`select id, report_id, title from lom_groups where id = ${id} and report_id is not null for update`,
  );
  return row;
}

export async function reportIdTaken(db: Db, reportId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from lom_groups where report_id = ${reportId} limit 1`,
  );
  return rows.length > 0;
}

export async function missingSources(db: Db, sourceIds: readonly number[]): Promise<number[]> {
  if (sourceIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select k.id from unnest(${ids(sourceIds)}) as k(id)
         where not exists (select 1 from lom_sources ls where ls.id = k.id) order by k.id`,
  );
  return rows.map((r) => r.id);
}

export async function insertReport(
  db: Db,
  report: { reportId: number; title: string | null; sources: readonly number[] },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into lom_groups (title, public, report_id, owner_id, is_lomsource)
        values (${report.title}, true, ${report.reportId}, null, true) returning id`,
  );
  const id = (row as { id: number }).id;
  if (report.sources.length > 0) {
    await db.execute(sql`insert into lom_group_lom_sources (group_id, lom_source_id)
                         select ${id}::int, k from unnest(${ids(report.sources)}) as k on conflict do nothing`);
  }
  return id;
}

export async function deleteReports(db: Db, groupIds: readonly number[]): Promise<void> {
  await db.execute(sql`delete from lom_groups where id = any(${ids(groupIds)})`);
}

/** The report groups of the given report numbers, locked. */
export async function lockReportsByNumber(db: Db, reportIds: readonly number[]) {
  return queryRows<{ id: number; report_id: number; title: string | null }>(
    db,
    sql`select id, report_id, title from lom_groups where report_id = any(${ids(reportIds)}) order by id for update`,
  );
}

/**
 * Brings the report's own lom list up to date with its accounts: the loms of its active bound
 * accounts join it (loms put in the group directly stay), so the report keeps them if an account
 * is later unbound. Answers the active and unbound accounts.
 */
export async function loadReport(db: Db, groupId: number): Promise<{ sources: number; unbound: number }> {
  await db.execute(sql`
    insert into lom_group_loms (group_id, lom_id)
    select distinct ${groupId}::int, ls.lom_id
      from lom_group_lom_sources gs join lom_sources ls on ls.id = gs.lom_source_id
     where gs.group_id = ${groupId} and ls.is_active and ls.lom_id is not null
    on conflict do nothing`);
  await db.execute(sql`update lom_groups set last_processed = now() where id = ${groupId}`);
  const [row] = await queryRows<{ sources: number | string; unbound: number | string }>(
    db,
    sql`select count(*) as sources, count(*) filter (where ls.lom_id is null) as unbound
          from lom_group_lom_sources gs join lom_sources ls on ls.id = gs.lom_source_id
         where gs.group_id = ${groupId} and ls.is_active`,
  );
  return { sources: Number(row?.sources ?? 0), unbound: Number(row?.unbound ?? 0) };
}

export async function lockReportNumber(db: Db, reportId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mlg_report:${reportId}`}))`);
}
