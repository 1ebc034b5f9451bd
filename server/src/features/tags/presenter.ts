import type { TagItem } from '@monitoring/contracts';
import type { TagRow } from './queries.ts';

export function presentTag(row: TagRow): TagItem {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    messages_count: row.messagesCount,
  };
}
