import type { AlertFilters, AlertTargetFields } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { lomGroupVisible, personalThemeOwned, themeExists } from './target-check-queries.ts';

// The server's half of the target rule of alerts and digests (contracts `alertTargetProblem` checks the shape):
// what the target names must exist and be the owner's to watch. A 400 names the field.

/** The filters as stored: only the lists that narrow something. */
export function storedFilters(filters: AlertFilters | null | undefined): Record<string, number[]> {
  const stored: Record<string, number[]> = {};
  for (const [key, list] of Object.entries(filters ?? {})) if (list && list.length > 0) stored[key] = list;
  return stored;
}

/** The stored filters read back (jsonb): id lists only, anything else dropped. */
export function filtersOfJson(value: unknown): Record<string, number[]> {
  const filters: Record<string, number[]> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return filters;
  for (const [key, list] of Object.entries(value)) {
    if (Array.isArray(list)) filters[key] = list.filter((n): n is number => Number.isInteger(n));
  }
  return filters;
}

/**
 * Checks the theme, personal theme and lom group the target names (those of `fields`, all by default): an
 * unknown theme, someone else's personal theme, or a lom group the user does not see answer 400 naming the field.
 */
export async function checkTarget(
  db: Db,
  target: AlertTargetFields,
  userId: number,
  fields: ReadonlySet<'theme_id' | 'personal_theme_id' | 'lom_group_id'> = new Set([
    'theme_id',
    'personal_theme_id',
    'lom_group_id',
  ]),
): Promise<void> {
  if (fields.has('theme_id') && target.theme_id != null && !(await themeExists(db, target.theme_id)))
    throw badRequest(`Тема ${target.theme_id} не найдена`, 'theme_id');
  if (
    fields.has('personal_theme_id') &&
    target.personal_theme_id != null &&
    !(await personalThemeOwned(db, target.personal_theme_id, userId))
  )
    throw badRequest(`Личная тема ${target.personal_theme_id} не найдена среди ваших`, 'personal_theme_id');
  if (
    fields.has('lom_group_id') &&
    target.lom_group_id != null &&
    !(await lomGroupVisible(db, target.lom_group_id, userId))
  )
    throw badRequest(`Группа ЛОМов ${target.lom_group_id} не найдена или вам недоступна`, 'lom_group_id');
}
