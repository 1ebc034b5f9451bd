import type { OutboxItem } from '@monitoring/contracts';
import type { OutboxRow } from './queries.ts';

export function presentOutboxMail(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}
