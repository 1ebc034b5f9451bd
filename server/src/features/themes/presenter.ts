import type { ThemeDetail } from '@monitoring/contracts';
import type { ThemeDetailRow } from './queries.ts';

export function presentTheme(row: ThemeDetailRow): ThemeDetail {
  return {
    id: row.id,
    name: row.name,
    external_id: row.external_id,
    created_at: row.created_at,
    active: row.active,
    archived: row.archived,
    approved: row.approved,
    draft: row.draft,
    created_by_ai: row.created_by_ai,
    ai: row.created_by_ai,
    service: row.service,
    cluster_type: row.cluster_type === null ? null : Number(row.cluster_type),
    actual: row.actual,
    hidden: row.hidden,
    is_favorite: row.is_favorite,
    info_reasons: row.info_reasons.map((ir) => ({
      id: Number(ir.id),
      name: ir.name,
      active: ir.active,
      archived: ir.archived,
      target_tonality: ir.target_tonality === null ? null : Number(ir.target_tonality),
    })),
  };
}
