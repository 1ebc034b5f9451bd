import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../http/auth.ts';
import { type ActionEntry, logActions } from '../action-log-queries.ts';
import { setInfoReasonTheme } from './info-reason-theme-queries.ts';

/** An info reason the caller has locked, with the theme it has now. */
export interface InfoReasonInTheme {
  id: number;
  themeId: number | null;
}

/**
 * Moves locked info reasons to a theme (null: out of any theme) and logs one entry per info reason that changed.
 * The info reasons' and the admin panel's set/clear theme share it. Messages keep their own theme.
 */
export async function moveInfoReasonsToTheme(
  db: Db,
  user: AuthUser,
  rows: readonly InfoReasonInTheme[],
  themeId: number | null,
): Promise<number> {
  const changed = rows.filter((row) => row.themeId !== themeId);
  await setInfoReasonTheme(
    db,
    changed.map((row) => row.id),
    themeId,
  );
  await logActions(
    db,
    changed.map(
      (row): ActionEntry => ({
        userId: user.id,
        type: ACTION_TYPE.infoReason,
        action: 'info_reason.theme',
        infoReasonId: row.id,
        themeId,
        oldValue: { theme_id: row.themeId },
        newValue: { theme_id: themeId },
      }),
    ),
  );
  return changed.length;
}
