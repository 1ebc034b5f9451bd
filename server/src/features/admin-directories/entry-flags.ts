import { ACTION_TYPE, type AdminInfoReasonItem, type AdminThemeItem } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { adminInfoReasonItem, adminThemeItem } from './list-service.ts';
import * as q from './queries.ts';

/** What the archive and deactivate calls of one kind of entry need: its table, lock, log names and row. */
interface EntryKind<T> {
  table: q.Directory;
  lock: (db: Db, ids: readonly number[]) => Promise<q.LockedEntry[]>;
  notFound: (id: number) => string;
  log: (row: q.LockedEntry) => {
    type: (typeof ACTION_TYPE)[keyof typeof ACTION_TYPE];
    prefix: string;
    themeId: number | null;
    infoReasonId?: number;
  };
  item: (db: Db, id: number) => Promise<T>;
}

export const THEME: EntryKind<AdminThemeItem> = {
  table: 'themes',
  lock: q.lockThemes,
  notFound: () => 'Тема не найдена',
  log: (row) => ({ type: ACTION_TYPE.theme, prefix: 'theme', themeId: row.id }),
  item: adminThemeItem,
};

export const INFO_REASON: EntryKind<AdminInfoReasonItem> = {
  table: 'info_reasons',
  lock: q.lockInfoReasons,
  notFound: (id) => `Инфоповод ${id} не найден`,
  log: (row) => ({
    type: ACTION_TYPE.infoReason,
    prefix: 'info_reason',
    themeId: row.theme_id,
    infoReasonId: row.id,
  }),
  item: adminInfoReasonItem,
};

/**
 * Sets `archived` or `active` of one entry in a transaction, logging `<kind>.archive` / `<kind>.deactivate` when
 * it changed (a call that changes nothing logs nothing); answers the admin row.
 */
export async function setEntryFlag<T>(
  db: Db,
  kind: EntryKind<T>,
  id: number,
  column: 'active' | 'archived',
  value: boolean,
  user: AuthUser,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await kind.lock(tx, [id]);
    if (!row) throw notFound(kind.notFound(id));
    if (row[column] !== value) {
      await q.setFlag(tx, kind.table, [id], column, value);
      const log = kind.log(row);
      await logAction(tx, {
        userId: user.id,
        type: log.type,
        action: `${log.prefix}.${column === 'archived' ? 'archive' : 'deactivate'}`,
        themeId: log.themeId,
        infoReasonId: log.infoReasonId,
        oldValue: { [column]: row[column] },
        newValue: { [column]: value },
      });
    }
    return kind.item(tx, id);
  });
}
