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
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import {
  dayPeriod,
  listPeriodOf,
  lomCount,
  lomDetailRow,
  lomListPageJson,
  lomListTotal,
  type PeriodMetricRow,
} from '../../domain/lists/lom-list-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { presentDetail } from './presenter.ts';
import * as q from './queries.ts';

const NOT_FOUND = 'ЛОМ не найден';

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
  const period = await listPeriodOf(db, dayPeriod(query.wrote_at_after, query.wrote_at_before));
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

async function requireLom(db: Db, lomId: number) {
  const row = await q.lockLom(db, lomId);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** PATCH {id}/switch_favourite/: flips the caller's favourite mark of the lom. */
export async function switchFavourite(db: Db, lomId: number, user: AuthUser) {
  return db.transaction(async (tx) => {
    await requireLom(tx, lomId);
    const isFavourite = !(await q.removeFavourite(tx, user.id, lomId));
    if (isFavourite) await q.addFavourite(tx, user.id, lomId);
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
      await q.setActive(tx, lomId, isActive);
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
