import './message-card.css';
import {
  MESSAGE_DISPLAY_STATUS_LABELS,
  type MessageStatusSource,
  messageDisplayStatus,
} from '@monitoring/contracts';

/** The one status of a message, derived from its state and flags by contracts' precedence (docs/messages.md). */
export function MessageStatusBadge({ message }: { message: MessageStatusSource }) {
  const status = messageDisplayStatus(message);
  return (
    <span className={`message-status message-status--${status}`} data-status={status}>
      <span className="message-status__dot" aria-hidden />
      <span className="message-status__sr">Статус: </span>
      {MESSAGE_DISPLAY_STATUS_LABELS[status]}
    </span>
  );
}
