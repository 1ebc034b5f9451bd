import './message-card.css';
import {
  CommentOutlined,
  EyeOutlined,
  LinkOutlined,
  RetweetOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { isMood, MESSAGE_TYPE_LABELS, type MessageListItem, withQuery } from '@monitoring/contracts';
import { Checkbox, Tooltip } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatCount, formatDate, formatTime } from '../lib/format.ts';
import { safeExternalUrl } from '../lib/safe-url.ts';
import { textWithSearchMarks } from '../lib/search-marks.ts';
import { MessageFlagTags } from './MessageFlagTags.tsx';
import { MessageStatusBadge } from './MessageStatusBadge.tsx';
import { MoodTag } from './MoodTag.tsx';
import { SafeMessageText } from './SafeMessageText.tsx';

const CARD_TEXT_LENGTH = 600;

interface MessageCardProps {
  message: MessageListItem;
  selectable: boolean;
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
  /**
   * Zefir list: show the AI's mood beside the editor's. Elsewhere it shows while the AI's mood waits for an
   * editor (set, and the message not verified): the editor's work of checking the model's marks.
   */
  showAiMood?: boolean;
  /** The list's search, carried to the message card (which marks what it found there). */
  search?: string;
}

function label<T extends number>(labels: Readonly<Record<T, string>>, value: number): string {
  return (labels as Readonly<Record<number, string>>)[value] ?? String(value);
}

/** One message of a list: who, where, when, its one status and its flags apart, classification, text and metrics. */
export function MessageCard({
  message,
  selectable,
  selected,
  onSelect,
  showAiMood,
  search,
}: MessageCardProps) {
  const author = message.lom?.name ?? message.lom_name ?? 'Без автора';
  const sourceUrl = safeExternalUrl(message.url);
  const aiMood = showAiMood || (isMood(message.mood_ai) && !message.verified);
  const href = withQuery(`/messages/${message.id}`, { search });
  // With a search the server marks what it found (`highlighted_text`); the marks are laid over the text.
  const shown = useMemo(
    () => textWithSearchMarks(message.text, message.highlighted_text),
    [message.text, message.highlighted_text],
  );
  return (
    <article
      className={`message-card${selected ? ' message-card--selected' : ''}`}
      data-message-id={message.id}
    >
      <header className="message-card__header">
        {selectable ? (
          <Checkbox
            checked={selected}
            aria-label={`Выбрать сообщение ${message.id}`}
            onChange={(event) => onSelect(message.id, event.target.checked)}
          />
        ) : null}
        <div className="message-card__who">
          <Link to={href} className="message-card__author">
            {author}
          </Link>
          <span className="muted">
            {message.source?.name ? `${message.source.name} · ` : ''}
            {formatDate(message.wrote_at)}, {formatTime(message.wrote_at)} ·{' '}
            {label(MESSAGE_TYPE_LABELS, message.message_type)}
          </span>
        </div>
        <div className="message-card__state">
          <div className="message-card__status">
            <MoodTag mood={message.mood} />
            {aiMood ? (
              <span className="message-card__ai-mood">
                <MoodTag mood={isMood(message.mood_ai) ? message.mood_ai : null} prefix="ИИ" />
              </span>
            ) : null}
            <MessageStatusBadge message={message} />
          </div>
          <MessageFlagTags message={message} />
        </div>
      </header>
      {message.theme || message.info_reason ? (
        <div className="message-card__classification">
          {message.theme ? <span className="message-card__theme">{message.theme.name}</span> : null}
          {message.info_reason ? <span className="muted"> / {message.info_reason.name}</span> : null}
        </div>
      ) : null}
      <SafeMessageText
        className="message-card__text"
        text={shown.text}
        marks={shown.marks}
        maxLength={CARD_TEXT_LENGTH}
      />
      <footer className="message-card__footer">
        <Tooltip title="Si">
          <span>
            <ThunderboltOutlined /> {formatCount(message.si)}
          </span>
        </Tooltip>
        <Tooltip title="Просмотры">
          <span>
            <EyeOutlined /> {formatCount(message.number_views)}
          </span>
        </Tooltip>
        <Tooltip title="Репосты">
          <span>
            <RetweetOutlined /> {formatCount(message.repost_count)}
          </span>
        </Tooltip>
        <Tooltip title="Комментарии">
          <span>
            <CommentOutlined /> {formatCount(message.comments_count)}
          </span>
        </Tooltip>
        {message.fragments_count > 0 ? (
          <span className="muted">Фрагментов: {message.fragments_count}</span>
        ) : null}
        {sourceUrl ? (
          <a href={sourceUrl} target="_blank" rel="noopener noreferrer" className="message-card__source-link">
            <LinkOutlined /> Источник
          </a>
        ) : null}
        <Link to={href} className="message-card__open">
          Открыть
        </Link>
      </footer>
    </article>
  );
}
