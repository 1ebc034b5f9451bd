import './message-card.css';
import { FlagFilled } from '@ant-design/icons';
import { MESSAGE_SIDE_FLAG_LABELS, type MessageListItem, messageSideFlags } from '@monitoring/contracts';

type Flags = Pick<MessageListItem, 'delayed' | 'archived' | 'trash' | 'from_zephyr'>;

/**
 * The message's flags that are not steps of its checking (delayed, archived, trash, Zefir), as flags: a small
 * flag icon and a word each, apart from the status (MessageStatusBadge) and from the classification.
 */
export function MessageFlagTags({ message }: { message: Flags }) {
  const flags = messageSideFlags(message);
  if (flags.length === 0) return null;
  return (
    <ul className="flag-tags" aria-label="Отметки">
      {flags.map((flag) => (
        <li key={flag} className={`flag-tag flag-tag--${flag}`} data-flag={flag}>
          <FlagFilled aria-hidden className="flag-tag__icon" />
          {MESSAGE_SIDE_FLAG_LABELS[flag]}
        </li>
      ))}
    </ul>
  );
}
