import type { ViralContentItem } from '@monitoring/contracts';
import type { ViralPageRow } from './queries.ts';

/** A viral message as its card shows it. */
export function presentViralItem(row: ViralPageRow): ViralContentItem {
  return {
    id: row.id,
    text: row.text,
    url: row.url,
    wrote_at: row.wrote_at,
    lom: row.lom_name === null ? null : { id: row.lom_id ?? 0, name: row.lom_name, avatar: row.lom_avatar },
    source:
      row.source_id === null
        ? null
        : { id: row.source_id, name: row.source_name ?? '', icon: row.source_icon ?? '' },
    si: Number(row.si),
    number_views: Number(row.number_views),
    repost_count: Number(row.repost_count),
    viral_per_cent: Number(row.viral_per_cent),
  };
}
