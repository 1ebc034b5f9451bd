import {
  ACTION_TYPE,
  type AdminLomItem,
  type AdminLomListQuery,
  type AdminLomMergeResult,
  type AdminLomSourceItem,
  type AdminLomSourceListQuery,
  type ListEnvelope,
  type LoadProbableLomsResult,
  PROBABLE_LOM_THRESHOLD,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction, logActions } from '../../domain/action-log-queries.ts';
import { lockLomAggregates, refreshAggregates } from '../../domain/aggregates/rollup-queries.ts';
import { refreshLomCoverage } from '../../domain/editing/lom-source-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, HttpError, listedIds, notFound } from '../../http/errors.ts';
import * as merging from './merge-queries.ts';
import { presentLom, presentLomSource } from './presenter.ts';
import { proposeLoms } from './probable-match.ts';
import * as q from './queries.ts';

// The admin panel's lom sources and loms (api.md §7.2, docs/admin-loms.md); mlg reports in mlg-service.ts. Every
// change writes the action log in its own transaction.

const SOURCE_NOT_FOUND = 'Аккаунт ЛОМ не найден';
const LOM_NOT_FOUND = 'ЛОМ не найден';
const conflict = (message: string) => new HttpError(409, message);

// ── Lom sources ──────────────────────────────────────────────────────────────

export async function listLomSources(
  db: Db,
  query: AdminLomSourceListQuery,
): Promise<ListEnvelope<AdminLomSourceItem>> {
  const [rows, total] = await Promise.all([q.lomSourcePage(db, query), q.countLomSources(db, query)]);
  return { results: rows.map(presentLomSource), ...pageInfo(query.page, query.page_size, total) };
}

async function sourceItem(db: Db, id: number): Promise<AdminLomSourceItem> {
  const row = await q.lomSourceRow(db, id);
  if (!row) throw notFound(SOURCE_NOT_FOUND);
  return presentLomSource(row);
}

/** The lom named by `field`, locked; refused (400 naming the field) when unknown or inactive. */
function requireActive(locked: q.LockedLom[], lomId: number, field: string): q.LockedLom {
  const lom = locked.find((l) => l.id === lomId);
  if (!lom) throw badRequest(`Некорректное значение поля «${field}»: ЛОМ ${lomId} не найден`, field);
  if (!lom.is_active)
    throw badRequest(`Некорректное значение поля «${field}»: ЛОМ ${lomId} неактивен`, field);
  return lom;
}

/**
 * POST add-lom/: binds the account, and its messages, to the lom (an administrator's
 * confirmation of a candidate is this call). Loms are locked before the account, as the merge
 * locks them, so the two never wait on each other in a circle.
 */
export async function addLomToSource(db: Db, sourceId: number, lomId: number, user: AuthUser) {
  await db.transaction(async (tx) => {
    const seen = await q.peekSource(tx, sourceId);
    if (!seen) throw notFound(SOURCE_NOT_FOUND);
    const lomIds = [lomId, ...(seen.lom_id === null ? [] : [seen.lom_id])];
    await lockLomAggregates(tx, lomIds);
    const locked = await q.lockLoms(
      tx,
      [...new Set(lomIds)].sort((a, b) => a - b),
    );
    requireActive(locked, lomId, 'lom');
    const source = await q.lockSource(tx, sourceId);
    if (!source) throw notFound(SOURCE_NOT_FOUND);
    if (source.lom_id !== seen.lom_id) throw conflict('Аккаунт только что изменили, повторите действие');
    if (source.lom_id === lomId && source.probable_lom_id === null) return;
    const movedMessages = await q.bindSource(tx, sourceId, lomId);
    const touched = [...new Set(lomIds)];
    await refreshAggregates(tx, { lomIds: touched, newsIds: [] });
    await refreshLomCoverage(tx, touched);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_source.add_lom',
      lomId,
      oldValue: { lom_source: sourceId, lom: source.lom_id, probable_lom: source.probable_lom_id },
      newValue: { lom_source: sourceId, lom: lomId, messages: movedMessages },
    });
  });
  return sourceItem(db, sourceId);
}

/** PATCH deactivate/: the account stops counting in its lom's coverage. */
export async function deactivateSource(db: Db, sourceId: number, user: AuthUser) {
  await db.transaction(async (tx) => {
    const seen = await q.peekSource(tx, sourceId);
    if (!seen) throw notFound(SOURCE_NOT_FOUND);
    if (seen.lom_id !== null) await q.lockLoms(tx, [seen.lom_id]);
    const source = await q.lockSource(tx, sourceId);
    if (!source) throw notFound(SOURCE_NOT_FOUND);
    if (!source.is_active) return;
    await q.deactivateSource(tx, sourceId);
    if (source.lom_id !== null) await refreshLomCoverage(tx, [source.lom_id]);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_source.deactivate',
      lomId: source.lom_id,
      oldValue: { lom_source: sourceId, is_active: true },
      newValue: { lom_source: sourceId, is_active: false },
    });
  });
  return sourceItem(db, sourceId);
}

/** POST add-probable-lom/: records the administrator's own candidate for the account. */
export async function addProbableLom(db: Db, sourceId: number, lomId: number, user: AuthUser) {
  await db.transaction(async (tx) => {
    const locked = await q.lockLoms(tx, [lomId]);
    requireActive(locked, lomId, 'lom');
    const source = await q.lockSource(tx, sourceId);
    if (!source) throw notFound(SOURCE_NOT_FOUND);
    if (source.lom_id !== null) {
      throw badRequest('Некорректное значение поля «lom»: у аккаунта уже есть ЛОМ', 'lom');
    }
    await q.setProbableLom(tx, sourceId, lomId);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_source.add_probable_lom',
      lomId,
      oldValue: { lom_source: sourceId, probable_lom: source.probable_lom_id },
      newValue: { lom_source: sourceId, probable_lom: lomId },
    });
  });
  return sourceItem(db, sourceId);
}

/** POST load-probable-loms/: proposes a lom for every unbound account (probable-match.ts). */
export async function loadProbableLoms(db: Db, user: AuthUser): Promise<LoadProbableLomsResult> {
  return db.transaction(async (tx) => {
    const accounts = await q.unboundAccounts(tx);
    const proposals = proposeLoms(accounts, await q.activeLomNames(tx), await q.boundAccounts(tx));
    await q.writeProposals(
      tx,
      accounts.map((a) => a.id),
      proposals,
    );
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.lom,
      action: 'lom_source.load_probable_loms',
      newValue: { checked: accounts.length, proposed: proposals.length },
    });
    return { checked: accounts.length, proposed: proposals.length, threshold: PROBABLE_LOM_THRESHOLD };
  });
}

// ── Loms ─────────────────────────────────────────────────────────────────────

export async function listLoms(db: Db, query: AdminLomListQuery): Promise<ListEnvelope<AdminLomItem>> {
  const [rows, total] = await Promise.all([q.lomPage(db, query), q.countLoms(db, query)]);
  return { results: rows.map(presentLom), ...pageInfo(query.page, query.page_size, total) };
}

/** Test seam: runs inside the merge's transaction after the rows moved (a test throws here). */
export interface MergeHooks {
  afterMove?: (tx: Db) => Promise<void>;
}

/**
 * POST admin/loms/{id}/merge/: everything of the queryset's loms moves to lom {id}, its
 * metrics are recomputed (the rollups follow the messages through their triggers), the merged
 * loms stay inactive. One transaction. Locks, in this order: the merged loms' messages, the
 * loms' aggregate locks, the loms' rows (ascending id) — the order message writers take them in.
 */
export async function mergeLoms(
  db: Db,
  targetId: number,
  queryset: readonly number[],
  user: AuthUser,
  hooks: MergeHooks = {},
): Promise<AdminLomMergeResult> {
  const merged = [...new Set(queryset)].sort((a, b) => a - b);
  if (merged.includes(targetId)) {
    throw badRequest(
      'Некорректное значение поля «queryset»: ЛОМ нельзя объединить с самим собой',
      'queryset',
    );
  }
  const moved = await db.transaction(async (tx) => {
    await merging.lockMessagesOf(tx, merged);
    const all = [...merged, targetId].sort((a, b) => a - b);
    await lockLomAggregates(tx, all);
    const locked = await q.lockLoms(tx, all);
    const target = locked.find((l) => l.id === targetId);
    if (!target) throw notFound(LOM_NOT_FOUND);
    if (!target.is_active) throw badRequest('ЛОМ, в который объединяют, неактивен', 'id');
    const missing = merged.filter((id) => !locked.some((l) => l.id === id));
    if (missing.length > 0) {
      throw badRequest(`Некорректное значение поля «queryset»: нет ЛОМ ${listedIds(missing)}`, 'queryset');
    }
    const inactive = locked.filter((l) => l.id !== targetId && !l.is_active).map((l) => l.id);
    if (inactive.length > 0) {
      throw badRequest(
        `Некорректное значение поля «queryset»: ЛОМ ${listedIds(inactive)} неактивны (уже объединены или отключены)`,
        'queryset',
      );
    }
    const counts = await merging.moveLomContents(tx, targetId, merged);
    await q.setLomsActive(tx, merged, false);
    await refreshAggregates(tx, { lomIds: all, newsIds: [] });
    await refreshLomCoverage(tx, all);
    if (hooks.afterMove) await hooks.afterMove(tx);
    const names = new Map(locked.map((l) => [l.id, l.name]));
    await logActions(tx, [
      {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'lom.merge',
        lomId: targetId,
        oldValue: { merged: merged.map((id) => ({ id, name: names.get(id) })) },
        newValue: { target: { id: targetId, name: target.name }, moved: counts },
      },
      ...merged.map((id) => ({
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'lom.merged_into',
        lomId: id,
        oldValue: { id, name: names.get(id), is_active: true },
        newValue: { target: { id: targetId, name: target.name }, is_active: false },
      })),
    ]);
    return counts;
  });
  const row = await q.lomRow(db, targetId);
  if (!row) throw notFound(LOM_NOT_FOUND);
  return { lom: presentLom(row), merged, moved };
}

/** PATCH admin/loms/{id}/deactivate/. */
export async function deactivateLom(db: Db, lomId: number, user: AuthUser) {
  return db.transaction(async (tx) => {
    const [lom] = await q.lockLoms(tx, [lomId]);
    if (!lom) throw notFound(LOM_NOT_FOUND);
    if (lom.is_active) {
      await q.setLomsActive(tx, [lomId], false);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.lom,
        action: 'lom.deactivate',
        lomId,
        oldValue: { is_active: true },
        newValue: { is_active: false },
      });
    }
    return { id: lomId, is_active: false };
  });
}

/** POST admin/loms/deactivate/ {queryset}: answers the loms that were active. */
export async function deactivateLoms(db: Db, queryset: readonly number[], user: AuthUser) {
  const wanted = [...new Set(queryset)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const locked = await q.lockLoms(tx, wanted);
    const missing = wanted.filter((id) => !locked.some((l) => l.id === id));
    if (missing.length > 0) {
      throw badRequest(`Некорректное значение поля «queryset»: нет ЛОМ ${listedIds(missing)}`, 'queryset');
    }
    const changed = locked.filter((l) => l.is_active).map((l) => l.id);
    if (changed.length > 0) {
      await q.setLomsActive(tx, changed, false);
      await logActions(
        tx,
        changed.map((lomId) => ({
          userId: user.id,
          type: ACTION_TYPE.lom,
          action: 'lom.deactivate',
          lomId,
          oldValue: { is_active: true },
          newValue: { is_active: false },
        })),
      );
    }
    return { ids: changed };
  });
}
