import type { MessageFilterObject, PersonalThemeItem } from '@monitoring/contracts';
import type { PersonalThemeRow } from './queries.ts';

export function presentPersonalTheme(row: PersonalThemeRow): PersonalThemeItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    filters: row.filters as MessageFilterObject,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
