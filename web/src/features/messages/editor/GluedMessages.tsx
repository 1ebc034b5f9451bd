import type { MessageDetail } from '@monitoring/contracts';
import { Card } from 'antd';
import { Link } from 'react-router';
import { safeExternalUrl } from '../../../lib/safe-url.ts';

interface Duplicate {
  id: number;
  url: string | null;
}

/** The duplicates as the server keeps them ({id, url} each); anything else is left out. */
export function duplicatesOf(message: Pick<MessageDetail, 'duplicates'>): Duplicate[] {
  const out: Duplicate[] = [];
  for (const raw of message.duplicates) {
    const item = raw as { id?: unknown; url?: unknown } | null;
    if (typeof item?.id !== 'number' || !Number.isSafeInteger(item.id)) continue;
    out.push({ id: item.id, url: typeof item.url === 'string' ? item.url : null });
  }
  return out;
}

/**
 * Messages glued to this one (product.md §6 SHOW_GLUE_MESSAGES): the original it copies and
 * the duplicates merged into it. The server sends them only to users with the permission, so
 * the card shows whenever there is something glued.
 */
export function GluedMessages({ message }: { message: MessageDetail }) {
  const duplicates = duplicatesOf(message);
  if (message.copy_from_id === null && duplicates.length === 0) return null;
  return (
    <Card title="Склеенные сообщения" size="small" data-testid="glued-messages">
      <ul className="glued-list">
        {message.copy_from_id !== null ? (
          <li>
            Копия сообщения <Link to={`/messages/${message.copy_from_id}`}>№ {message.copy_from_id}</Link>
          </li>
        ) : null}
        {duplicates.map((duplicate) => {
          const url = safeExternalUrl(duplicate.url);
          return (
            <li key={duplicate.id}>
              Дубликат <Link to={`/messages/${duplicate.id}`}>№ {duplicate.id}</Link>
              {url ? (
                <>
                  {' · '}
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    публикация
                  </a>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
