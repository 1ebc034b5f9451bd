import type { DashboardPinnedTheme, DashboardPinResult, DashboardThemeChoice } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logActions } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  personalThemeChoices,
  pinnedPersonalThemes,
  pinPersonalTheme,
  unpinPersonalTheme,
} from './personal-pinned-queries.ts';
import { presentPinnedPersonalTheme, presentThemeChoice } from './presenter.ts';
import { personalThemeById } from './queries.ts';
import { dashboardMoodTable, NOT_FOUND, personalSetOf, resolvePeriod } from './service.ts';
import { actionOf } from './write-service.ts';

// The personal themes pinned on the theme dashboards page (api.md §7.5 "Each also exists under
// personal/"): the caller's own only, as every personal dashboard.

interface PeriodInput {
  wrote_at_after?: Date;
  wrote_at_before?: Date;
}

/**
 * The caller's pinned personal themes with the mood table of each over the period: the same
 * computation as the personal dashboard's mood-table/ (verified live messages of the saved filter).
 */
export async function listPinnedPersonalThemes(
  db: Db,
  user: AuthUser,
  query: PeriodInput,
  now: Date,
): Promise<DashboardPinnedTheme[]> {
  const { after, before } = resolvePeriod(query, now);
  const period = { wrote_at_after: after, wrote_at_before: before };
  const answer: DashboardPinnedTheme[] = [];
  for (const theme of await pinnedPersonalThemes(db, user.id)) {
    const set = personalSetOf(Number(theme.id), theme.filters, user);
    answer.push(presentPinnedPersonalTheme(theme, await dashboardMoodTable(db, set, period, now)));
  }
  return answer;
}

export async function personalChoices(db: Db, user: AuthUser): Promise<DashboardThemeChoice[]> {
  return (await personalThemeChoices(db, user.id)).map(presentThemeChoice);
}

/** Pins one of the caller's personal themes; another user's answers as an unknown one (400 naming `theme`). */
export async function pinDashboardPersonalTheme(
  db: Db,
  user: AuthUser,
  themeId: number,
): Promise<DashboardPinResult> {
  return db.transaction(async (tx) => {
    const theme = await personalThemeById(tx, themeId);
    if (!theme || Number(theme.user_id) !== user.id)
      throw badRequest(`Личная тема ${themeId} не найдена`, 'theme');
    const position = await pinPersonalTheme(tx, themeId, user.id);
    if (position === null) throw badRequest('Личная тема уже закреплена на дашборде', 'theme');
    const set = { kind: 'personal', id: themeId, filter: {} } as const;
    await logActions(tx, [{ userId: user.id, ...actionOf(set, 'pin', null, null, { position }) }]);
    return { id: themeId, name: theme.name, position };
  });
}

/** Unpins one of the caller's personal themes: 404 for an unknown or another user's one, or one not pinned. */
export async function unpinDashboardPersonalTheme(db: Db, user: AuthUser, themeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const theme = await personalThemeById(tx, themeId);
    if (!theme || Number(theme.user_id) !== user.id) throw notFound(NOT_FOUND.personal);
    const position = await unpinPersonalTheme(tx, themeId);
    if (position === null) throw notFound('Личная тема не закреплена на дашборде');
    const set = { kind: 'personal', id: themeId, filter: {} } as const;
    await logActions(tx, [{ userId: user.id, ...actionOf(set, 'unpin', null, { position }, {}) }]);
  });
}
