import {
  ACTION_TYPE,
  gateLomDetail,
  hasPermission,
  type LomDetail,
  type LomListItem,
  type LomListQuery,
  lomCardAccess,
  pageInfo,
} from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favouriteLoms, loms } from '../../db/schema/index.ts';
import { logAction } from '../../domain/action-log.ts';
import {
  dayPeriod,
  type LomDetailRow,
  type LomListRow,
  lomCount,
  lomDetailRow,
  lomListPageJson,
  lomListTotal,
  type PeriodMetricRow,
} from '../../domain/lom-list-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';

const NOT_FOUND = 'ЛОМ не найден';

export function presentRow(row: LomListRow): LomListItem {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    is_active: row.is_active,
    is_favourite: row.is_favourite,
    is_foreign_agent: row.is_foreign_agent,
    category: row.category,
    segment: row.segment,
    region: row.region,
    lom_sources: row.lom_sources.map((s) => ({ ...s, coverage: Number(s.coverage) })),
    subscribers: Number(row.subscribers),
    sum_coverage: Number(row.sum_coverage),
    total_si: Number(row.total_si),
    total_views: Number(row.total_views),
    message_number: Number(row.message_number),
    messages_count: Number(row.messages_count),
    verified_count: Number(row.verified_count),
    quotes_count: Number(row.quotes_count),
    average_si: Number(row.average_si),
    audience_age: row.audience_age === null ? null : Number(row.audience_age),
    trust_index: row.trust_index,
    influence_index: row.influence_index,
    integration_index: row.integration_index,
    last_message_at: row.last_message_at,
  };
}

/** The period's metrics over the lom's all-time ones (LOM_PERIOD_METRICS). */
export function withPeriod(
  item: LomListItem,
  sums: PeriodMetricRow | undefined,
  quotes: number,
): LomListItem {
  const n = Number(sums?.n ?? 0);
  const si = Number(sums?.si ?? 0);
  return {
    ...item,
    total_si: si,
    total_views: Number(sums?.views ?? 0),
    message_number: n,
    messages_count: n,
    verified_count: Number(sums?.verified ?? 0),
    quotes_count: quotes,
    average_si: n > 0 ? si / n : 0,
  };
}

/**
 * GET loms/new-loms/: one page of the lom table with its metrics over the period, as the
 * JSON text of a ListEnvelope<LomListItem>: the rows come from the database as JSON already
 * (lomListPageJson) and are joined here, not parsed and serialised again.
 */
export async function listLomsJson(db: Db, query: LomListQuery, user: AuthUser): Promise<string> {
  if (query.is_favourite !== undefined && !hasPermission(user, 'FAVORITE_LOMS')) {
    throw forbidden('Недостаточно прав для фильтра избранных ЛОМ', 'is_favourite');
  }
  const period = dayPeriod(query.wrote_at_after, query.wrote_at_before);
  const rows = await lomListPageJson(db, query, user.id, period);
  const total = rows.length > 0 ? Number(rows[0].total) : await lomListTotal(db, query, user.id);
  const info = JSON.stringify(pageInfo(query.page, query.page_size, total));
  return `{"results":[${rows.map((row) => row.item).join(',')}],${info.slice(1)}`;
}

export async function countLoms(db: Db, isActive?: boolean) {
  return { count: await lomCount(db, isActive) };
}

/**
 * GET loms/{id}/: the card's summary with all-time metrics, less what the caller's card
 * access hides (contracts' LOM_CARD_FIELD_ACCESS; docs/loms.md "Card access").
 */
export async function lomDetail(db: Db, lomId: number, user: AuthUser): Promise<LomDetail> {
  const row = await lomDetailRow(db, lomId, user.id);
  if (!row) throw notFound(NOT_FOUND);
  return gateLomDetail(presentDetail(row), lomCardAccess(user));
}

function presentDetail(row: LomDetailRow): Omit<LomDetail, 'card_access'> {
  return {
    ...presentRow(row),
    lom_types: row.lom_types,
    middlename: row.middlename,
    nickname: row.nickname,
    age: row.age,
    birth_date: row.birth_date,
    is_manual: row.is_manual,
    archived: row.archived,
    residence_address: row.residence_address,
    occupation: row.occupation,
    created_at: row.created_at,
    region_type: row.region_type,
    city: row.city,
    typology: row.typology,
    lom_type_category: row.lom_type_category,
    producer_name: row.producer_name,
    awards: row.awards,
    agency: row.agency,
    cooperation: row.cooperation,
    lom_focuses: row.lom_focuses.map((f) => ({ ...f, actial_percent: Number(f.actial_percent) })),
    producer_centers: row.producer_centers,
    producer_center_types: row.producer_center_types,
    thematic_group_types: row.thematic_group_types,
    list_and_types: row.list_and_types,
    interests: row.interests,
    lom_data: row.lom_data as LomDetail['lom_data'],
  };
}

async function requireLom(db: Db, lomId: number) {
  const [row] = await db
    .select({ id: loms.id, isActive: loms.isActive })
    .from(loms)
    .where(eq(loms.id, lomId))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** PATCH {id}/switch_favourite/: flips the caller's favourite mark of the lom. */
export async function switchFavourite(db: Db, lomId: number, user: AuthUser) {
  return db.transaction(async (tx) => {
    await requireLom(tx, lomId);
    const removed = await tx
      .delete(favouriteLoms)
      .where(and(eq(favouriteLoms.userId, user.id), eq(favouriteLoms.lomId, lomId)))
      .returning({ lomId: favouriteLoms.lomId });
    const isFavourite = removed.length === 0;
    if (isFavourite) await tx.insert(favouriteLoms).values({ userId: user.id, lomId });
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: isFavourite ? 'lom.favourite_add' : 'lom.favourite_remove',
      lomId,
      oldValue: { is_favourite: !isFavourite },
      newValue: { is_favourite: isFavourite },
    });
    return { id: lomId, is_favourite: isFavourite };
  });
}

/** PATCH {id}/activate/ and deactivate/: sets is_active; a no-op change is not logged. */
export async function setLomActive(db: Db, lomId: number, isActive: boolean, user: AuthUser) {
  return db.transaction(async (tx) => {
    const lom = await requireLom(tx, lomId);
    if (lom.isActive !== isActive) {
      await tx.update(loms).set({ isActive }).where(eq(loms.id, lomId));
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: isActive ? 'lom.activate' : 'lom.deactivate',
        lomId,
        oldValue: { is_active: lom.isActive },
        newValue: { is_active: isActive },
      });
    }
    return { id: lomId, is_active: isActive };
  });
}
