import type { AdminLomListQuery, AdminLomSourceListQuery } from '@monitoring/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { offsetOf } from '../../http/pagination.ts';
import type { BoundAccount, LomNames, Proposal, UnboundAccount } from './probable-match.ts';

// The SQL of the admin panel's lom sources and loms (docs/admin-loms.md); merges in merge-queries.ts, mlg reports in
// mlg-queries.ts.

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
