import { ORGANISATION_KIND_LABELS, type OrganizationItem } from '@monitoring/contracts';
import type { OrganizationRow } from './queries.ts';

export function presentOrganization(row: OrganizationRow): OrganizationItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    kind_name: ORGANISATION_KIND_LABELS[row.kind as 1 | 2] ?? '',
    users_count: row.usersCount,
    created_at: new Date(row.createdAt).toISOString(),
  };
}
