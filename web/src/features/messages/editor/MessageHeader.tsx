import { LinkOutlined } from '@ant-design/icons';
import { MESSAGE_TYPE_LABELS, type MessageDetail } from '@monitoring/contracts';
import { Link } from 'react-router';
import { formatCount, formatDate, formatTime } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { MessageFlagTags } from '../../../ui/MessageFlagTags.tsx';
import { MessageStatusBadge } from '../../../ui/MessageStatusBadge.tsx';
import { MoodTag } from '../../../ui/MoodTag.tsx';

const labelOf = (labels: Readonly<Record<number, string>>, value: number) => labels[value] ?? String(value);

/** Author, source, time and type; the one status and the flags apart; metrics of the message. */
export function MessageHeader({ message }: { message: MessageDetail }) {
  const url = safeExternalUrl(message.url);
  const author = message.lom?.name ?? message.lom_name ?? 'Без автора';
  return (
    <header className="message-header">
      <div className="message-header__who">
        <h1 className="page__title message-header__title">
          {message.lom ? <Link to={`/loms/${message.lom.id}`}>{author}</Link> : author}
        </h1>
        <span className="muted">
          {message.source?.name ? `${message.source.name} · ` : ''}
          {formatDate(message.wrote_at)}, {formatTime(message.wrote_at)} ·{' '}
          {labelOf(MESSAGE_TYPE_LABELS, message.message_type)}
        </span>
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className="message-header__link">
            <LinkOutlined /> Открыть источник
          </a>
        ) : null}
      </div>
      <div className="message-header__tags">
        <div className="message-header__status">
          <MoodTag mood={message.mood} />
          <MessageStatusBadge message={message} />
        </div>
        <MessageFlagTags message={message} />
      </div>
      <dl className="message-header__metrics">
        <div>
          <dt>Si</dt>
          <dd>{formatCount(message.si)}</dd>
        </div>
        <div>
          <dt>Просмотры</dt>
          <dd>{formatCount(message.number_views)}</dd>
        </div>
        <div>
          <dt>Репосты</dt>
          <dd>{formatCount(message.repost_count)}</dd>
        </div>
        <div>
          <dt>Комментарии</dt>
          <dd>{formatCount(message.comments_count)}</dd>
        </div>
      </dl>
    </header>
  );
}
