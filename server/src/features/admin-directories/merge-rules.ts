import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import type { LockedEntry } from './queries.ts';

/**
 * The entries of a merge, locked: the target {id} (404 unknown, 400 naming `id` when inactive) and the queryset
 * (400 naming `queryset` for {id} itself, unknown ids, or entries already merged, i.e. inactive).
 */
export function checkMergeSet(
  locked: readonly LockedEntry[],
  targetId: number,
  queryset: readonly number[],
  words: { notFound: string; inactiveTarget: string; missing: string },
): { target: LockedEntry; sources: LockedEntry[] } {
  const target = locked.find((row) => row.id === targetId);
  if (!target) throw notFound(words.notFound);
  if (!target.active) {
    throw badRequest(`Некорректное значение поля «id»: ${words.inactiveTarget}`, 'id');
  }
  const found = new Set(locked.map((row) => row.id));
  const missing = queryset.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest(
      `Некорректное значение поля «queryset»: ${words.missing}: ${listedIds(missing)}`,
      'queryset',
    );
  }
  const sources = locked.filter((row) => queryset.includes(row.id));
  const inactive = sources.filter((row) => !row.active).map((row) => row.id);
  if (inactive.length > 0) {
    throw badRequest(
      `Некорректное значение поля «queryset»: уже объединены или неактивны: ${listedIds(inactive)}`,
      'queryset',
    );
  }
  return { target, sources };
}
