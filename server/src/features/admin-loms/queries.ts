import type {
  AdminLomListQuery,
  AdminLomSourceListQuery,
  AdminMlgReportListQuery,
} from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { offsetOf } from '../../http/pagination.ts';
import type { BoundAccount, LomNames, Proposal, UnboundAccount } from './probable-match.ts';

// The SQL of the admin panel's lom sources, loms and mlg reports (docs/admin-loms.md).

type Paged = { total: number | string };

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const ids = (values: readonly number[]) => sql`${pgArray(values)}::int[]`;
const count = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

// ── Lom sources ──────────────────────────────────────────────────────────────

export interface LomSourceRow {
  id: number;
  url: string;
  account_name: string | null;
  source_id: number;
  source_name: string;
  coverage: number | string;
  is_active: boolean;
  created_at: string;
  lom: { id: number; name: string; is_active: boolean } | null;
  probable_lom: { id: number; name: string; is_active: boolean } | null;
  probable_lom_score: number | null;
  probable_lom_reason: string | null;
}

const SOURCE_COLUMNS = sql`
  ls.id, ls.url, ls.account_name, ls.source_id, s.name as source_name, ls.coverage, ls.is_active,
  to_char(ls.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
  case when l.id is null then null else json_build_object('id', l.id, 'name', l.name, 'is_active', l.is_active) end as lom,
  case when p.id is null then null else json_build_object('id', p.id, 'name', p.name, 'is_active', p.is_active) end as probable_lom,
  ls.probable_lom_score, ls.probable_lom_reason`;

const SOURCE_FROM = sql`
  lom_sources ls
  join sources s on s.id = ls.source_id
  left join loms l on l.id = ls.lom_id
  left join loms p on p.id = ls.probable_lom_id`;

function lomSourceWhere(query: AdminLomSourceListQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.filter) {
    // Each branch is one trigram index (migration 0021); an OR across the join would read every account.
    const pattern = likePattern(query.filter);
    where.push(sql`ls.id in (
      select id from lom_sources where url ilike ${pattern} or account_name ilike ${pattern}
      union all
      select a.id from loms n join lom_sources a on a.lom_id = n.id where n.name ilike ${pattern})`);
  }
  if (query.lom_isnull !== undefined)
    where.push(query.lom_isnull ? sql`ls.lom_id is null` : sql`ls.lom_id is not null`);
  if (query.probable_loms_isnull !== undefined) {
    where.push(
      query.probable_loms_isnull ? sql`ls.probable_lom_id is null` : sql`ls.probable_lom_id is not null`,
    );
  }
  if (query.source !== undefined) where.push(sql`ls.source_id = ${query.source}`);
  if (query.is_active !== undefined) where.push(sql`ls.is_active = ${query.is_active}`);
  return sql.join(where, sql` and `);
}

/** One page of accounts, newest first. */
export async function lomSourcePage(db: Db, query: AdminLomSourceListQuery): Promise<LomSourceRow[]> {
  return queryRows<LomSourceRow>(
    db,
    sql`select ${SOURCE_COLUMNS}
          from ${SOURCE_FROM}
         where ${lomSourceWhere(query)}
         order by ls.id desc
         limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}`,
  );
}

/** The accounts that the list's filters keep: an index-only count, the page's joins left out. */
export async function countLomSources(db: Db, query: AdminLomSourceListQuery): Promise<number> {
  return count(
    await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from lom_sources ls where ${lomSourceWhere(query)}`,
    ),
  );
}

export async function lomSourceRow(db: Db, id: number): Promise<LomSourceRow | undefined> {
  const [row] = await queryRows<LomSourceRow>(
    db,
    sql`select ${SOURCE_COLUMNS} from ${SOURCE_FROM} where ls.id = ${id}`,
  );
  return row;
}

export interface LockedSource {
  id: number;
  lom_id: number | null;
  probable_lom_id: number | null;
  is_active: boolean;
  url: string;
}

/** The account, unlocked: which loms to lock first (loms before accounts, as the merge does). */
export async function peekSource(db: Db, id: number): Promise<LockedSource | undefined> {
  const [row] = await queryRows<LockedSource>(
    db,
    sql`select id, lom_id, probable_lom_id, is_active, url from lom_sources where id = ${id}`,
  );
  return row;
}

export async function lockSource(db: Db, id: number): Promise<LockedSource | undefined> {
  const [row] = await queryRows<LockedSource>(
    db,
    sql`select id, lom_id, probable_lom_id, is_active, url from lom_sources where id = ${id} for update`,
  );
  return row;
}

/** Binds the account and its messages to the lom; the number of messages that changed lom. */
export async function bindSource(db: Db, sourceId: number, lomId: number): Promise<number> {
  await db.execute(sql`
    update lom_sources set lom_id = ${lomId}, probable_lom_id = null, probable_lom_score = null,
                           probable_lom_reason = null
     where id = ${sourceId}`);
  const moved = await queryRows<{ n: number | string }>(
    db,
    sql`with m as (
          update messages set lom_id = ${lomId}
           where lom_source_id = ${sourceId} and lom_id is distinct from ${lomId}
          returning 1)
        select count(*) as n from m`,
  );
  return count(moved);
}

export async function deactivateSource(db: Db, sourceId: number): Promise<void> {
  await db.execute(sql`update lom_sources set is_active = false where id = ${sourceId}`);
}

export async function setProbableLom(db: Db, sourceId: number, lomId: number): Promise<void> {
  await db.execute(sql`
    update lom_sources set probable_lom_id = ${lomId}, probable_lom_score = null, probable_lom_reason = 'manual'
     where id = ${sourceId}`);
}

/** Active accounts without a lom whose candidate an administrator did not choose. */
export async function unboundAccounts(db: Db): Promise<UnboundAccount[]> {
  const rows = await queryRows<{ id: number; url: string; account_name: string | null }>(
    db,
    sql`select id, url, account_name from lom_sources
         where lom_id is null and is_active and probable_lom_reason is distinct from 'manual'
         order by id`,
  );
  return rows.map((r) => ({ id: r.id, url: r.url, accountName: r.account_name }));
}

export async function activeLomNames(db: Db): Promise<LomNames[]> {
  return queryRows<LomNames>(db, sql`select id, name, nickname from loms where is_active and not archived`);
}

export async function boundAccounts(db: Db): Promise<BoundAccount[]> {
  const rows = await queryRows<{ url: string; lom_id: number }>(
    db,
    sql`select ls.url, ls.lom_id from lom_sources ls join loms l on l.id = ls.lom_id
         where l.is_active and not l.archived`,
  );
  return rows.map((r) => ({ url: r.url, lomId: r.lom_id }));
}

/** Replaces the proposals of the checked accounts (the candidates an administrator chose stay). */
export async function writeProposals(db: Db, checked: readonly number[], proposals: readonly Proposal[]) {
  const CHUNK = 5000;
  for (let i = 0; i < checked.length; i += CHUNK) {
    await db.execute(sql`
      update lom_sources set probable_lom_id = null, probable_lom_score = null, probable_lom_reason = null
       where id = any(${ids(checked.slice(i, i + CHUNK))}) and probable_lom_reason is distinct from 'manual'`);
  }
  for (let i = 0; i < proposals.length; i += CHUNK) {
    const part = proposals.slice(i, i + CHUNK);
    await db.execute(sql`
      update lom_sources ls set probable_lom_id = p.lom_id, probable_lom_score = p.score, probable_lom_reason = p.reason
        from unnest(${ids(part.map((p) => p.sourceId))}, ${ids(part.map((p) => p.lomId))},
                    ${pgArray(part.map((p) => p.score))}::real[], ${pgArray(part.map((p) => p.reason))}::text[])
             as p(source_id, lom_id, score, reason)
       where ls.id = p.source_id`);
  }
}

// ── Loms ─────────────────────────────────────────────────────────────────────

export interface LomRow {
  id: number;
  name: string;
  nickname: string | null;
  is_active: boolean;
  archived: boolean;
  subscribers: number | string;
  message_number: number;
  messages_count: number;
  quotes_count: number;
  sources_count: number | string;
  created_at: string;
}

const LOM_COLUMNS = sql`
  l.id, l.name, l.nickname, l.is_active, l.archived, l.subscribers, l.message_number, l.messages_count,
  l.quotes_count, (select count(*) from lom_sources ls where ls.lom_id = l.id) as sources_count,
  to_char(l.created_at at time zone 'UTC', ${ISO_UTC}) as created_at`;

/** One page of loms by name, with the total. */
function lomWhere(query: AdminLomListQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.filter) {
    const pattern = likePattern(query.filter);
    const byId = /^\d{1,9}$/.test(query.filter) ? sql` or l.id = ${Number(query.filter)}` : sql``;
    where.push(sql`(l.name ilike ${pattern} or l.nickname ilike ${pattern}${byId})`);
  }
  if (query.is_active !== undefined) where.push(sql`l.is_active = ${query.is_active}`);
  return sql.join(where, sql` and `);
}

/** One page of loms by name (`loms_name_order_idx`; a search goes through the trigram indexes). */
export async function lomPage(db: Db, query: AdminLomListQuery): Promise<LomRow[]> {
  return queryRows<LomRow>(
    db,
    sql`select ${LOM_COLUMNS}
          from loms l where ${lomWhere(query)}
         order by lower(l.name), l.id
         limit ${query.page_size} offset ${offsetOf(query.page, query.page_size)}`,
  );
}

export async function countLoms(db: Db, query: AdminLomListQuery): Promise<number> {
  return count(
    await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from loms l where ${lomWhere(query)}`,
    ),
  );
}

export async function lomRow(db: Db, id: number): Promise<LomRow | undefined> {
  const [row] = await queryRows<LomRow>(db, sql`select ${LOM_COLUMNS} from loms l where l.id = ${id}`);
  return row;
}

export interface LockedLom {
  id: number;
  name: string;
  is_active: boolean;
}

/**
 * The loms, locked in ascending id order (every writer of several loms takes them so: no
 * deadlock), as they are now.
 */
export async function lockLoms(db: Db, lomIds: readonly number[]): Promise<LockedLom[]> {
  if (lomIds.length === 0) return [];
  return queryRows<LockedLom>(
    db,
    sql`select id, name, is_active from loms where id = any(${ids(lomIds)}) order by id for update`,
  );
}

export async function setLomsActive(db: Db, lomIds: readonly number[], active: boolean): Promise<void> {
  await db.execute(sql`update loms set is_active = ${active} where id = any(${ids(lomIds)})`);
}

/** Tables whose rows simply change lom: `[table, column]`. */
const MOVED_COLUMNS = [
  ['lom_sources', 'lom_id'],
  ['lom_sources', 'probable_lom_id'],
  ['messages', 'speaker_id'],
  ['quotes', 'lom_id'],
  ['lom_facts', 'lom_id'],
  ['lom_involvements', 'lom_id'],
  ['lom_news', 'lom_id'],
  ['vk_groups', 'lom_id'],
  ['conversation_results', 'lom_id'],
  ['lom_subscriptions', 'lom_id'],
  ['lom_subscriptions', 'subscribed_lom_id'],
] as const;

/**
 * Tables where a lom appears at most once per key (`[table, key columns]`): a row moves unless
 * the target already has one with that key (then the merged lom's row goes), and of two
 * merged loms with the same key the lower id's row moves.
 */
const KEYED_TABLES = [
  ['favourite_loms', ['user_id']],
  ['lom_group_loms', ['group_id']],
  ['theme_dashboard_loms', ['theme_id']],
  ['personal_theme_loms', ['personal_theme_id']],
  ['social_panel_loms', ['panel_id']],
  ['lom_lom_types', ['lom_type_id']],
  ['lom_lom_focuses', ['lom_focus_id']],
  ['lom_interests', ['interest_id']],
  ['lom_rubrics', ['rubric_id']],
  ['lom_thematic_groups', ['thematic_group_type_id']],
  ['lom_producer_centers', ['producer_center_id']],
  ['lom_list_and_types', ['list_and_type_id']],
  ['lom_brands', ['brand_lom_id']],
  ['lom_quality_audiences', ['source_id']],
] as const;

export type MovedCounts = Record<string, number>;

/** Moves everything of the merged loms to the target, set by set (no per-row loop). */
export async function moveLomContents(
  db: Db,
  target: number,
  merged: readonly number[],
): Promise<MovedCounts> {
  const from = ids(merged);
  const moved: MovedCounts = {};
  // The messages move with their rollups kept by lom_merge_messages (migration 0020): a bit move per
  // cell instead of the triggers' delta per message.
  const messages = await queryRows<{ n: number | string }>(
    db,
    sql`select lom_merge_messages(${target}, ${from}) as n`,
  );
  moved.messages = count(messages);
  for (const [table, column] of MOVED_COLUMNS) {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with m as (update ${sql.identifier(table)} set ${sql.identifier(column)} = ${target}
                      where ${sql.identifier(column)} = any(${from}) returning 1)
          select count(*) as n from m`,
    );
    const key = column === 'lom_id' ? table : `${table}.${column}`;
    moved[key] = count(rows);
  }
  // An account's audience follows the account; the lom's own audience stays with its lom.
  const audiences = await queryRows<{ n: number | string }>(
    db,
    sql`with m as (update lom_audiences set lom_id = ${target}
                    where lom_id = any(${from}) and lom_source_id is not null returning 1)
        select count(*) as n from m`,
  );
  moved.lom_audiences = count(audiences);
  // A panelist follows loms by id (social_panelists.lom_ids): the merged ids become the target, once.
  const panelists = await queryRows<{ n: number | string }>(
    db,
    sql`with m as (update social_panelists
                      set lom_ids = array(select distinct case when x = any(${from}) then ${target} else x end
                                            from unnest(lom_ids) as x order by 1)
                    where lom_ids && ${from} returning 1)
        select count(*) as n from m`,
  );
  moved.social_panelists = count(panelists);
  // Brands are loms too: a merged lom mentioned as a brand becomes the target (mentions summed);
  // a merged lom's mention of the target itself goes.
  await db.execute(sql`
    insert into lom_brands (lom_id, brand_lom_id, mentions, si_sum)
    select lom_id, ${target}, sum(mentions), sum(si_sum) from lom_brands
     where brand_lom_id = any(${from}) and lom_id <> ${target} and lom_id <> all(${from})
     group by lom_id
    on conflict (lom_id, brand_lom_id) do update set
      mentions = lom_brands.mentions + excluded.mentions, si_sum = lom_brands.si_sum + excluded.si_sum`);
  await db.execute(
    sql`delete from lom_brands where brand_lom_id = any(${from}) or (lom_id = any(${from}) and brand_lom_id = ${target})`,
  );
  for (const [table, keys] of KEYED_TABLES) {
    const t = sql.identifier(table);
    const keyList = sql.join(
      keys.map((k) => sql.identifier(k)),
      sql`, `,
    );
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with pick as (
            select distinct on (${keyList}) lom_id, ${keyList} from ${t}
             where lom_id = any(${from})
               and (${keyList}) not in (select ${keyList} from ${t} where lom_id = ${target})
             order by ${keyList}, lom_id),
          m as (
            update ${t} x set lom_id = ${target} from pick
             where x.lom_id = pick.lom_id and ${sql.join(
               keys.map((k) => sql`x.${sql.identifier(k)} = pick.${sql.identifier(k)}`),
               sql` and `,
             )}
            returning 1)
          select count(*) as n from m`,
    );
    moved[table] = count(rows);
    await db.execute(sql`delete from ${t} where lom_id = any(${from})`);
  }
  return moved;
}

// ── Mlg reports ──────────────────────────────────────────────────────────────

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

/** Locks the messages of the loms (a merge takes them before any lom lock, as message writers do). */
export async function lockMessagesOf(db: Db, lomIds: readonly number[]): Promise<void> {
  await db.execute(
    sql`select count(*) from (select 1 from messages where lom_id = any(${ids(lomIds)}) for update) x`,
  );
}

export async function lockReportNumber(db: Db, reportId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mlg_report:${reportId}`}))`);
}
