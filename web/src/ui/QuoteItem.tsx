import './quote-item.css';
import { DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import type { QuoteListItem } from '@monitoring/contracts';
import { Button } from 'antd';
import { Link } from 'react-router';
import { formatDateTime, formatSpeechTimestamp } from '../lib/format.ts';
import { safeExternalUrl } from '../lib/safe-url.ts';
import { MoodTag } from './MoodTag.tsx';
import { SafeMessageText } from './SafeMessageText.tsx';

const QUOTE_TEXT_LENGTH = 600;

const TEXTS = {
  openMessage: 'Сообщение',
  source: 'Источник',
  manual: 'вручную',
  timestamp: (time: string) => `таймкод ${time}`,
  unclassified: 'Без темы',
  remove: (id: number) => `Удалить цитату ${id}`,
} as const;

interface QuoteItemProps {
  quote: QuoteListItem;
  /** Given when the user may delete quotes. */
  onDelete?: (quote: QuoteListItem) => void;
}

/** One quote: its text, mood, date, theme and info reason, and the message it came from. */
export function QuoteItem({ quote, onDelete }: QuoteItemProps) {
  const sourceUrl = safeExternalUrl(quote.url);
  return (
    <li className="quote-row" data-quote-id={quote.id}>
      <div className="quote-row__meta">
        <MoodTag mood={quote.mood} />
        <span className="muted">{formatDateTime(quote.wrote_at)}</span>
        {quote.speech_timestamp !== null ? (
          <span className="muted">{TEXTS.timestamp(formatSpeechTimestamp(quote.speech_timestamp))}</span>
        ) : null}
        {quote.is_manual ? <span className="muted">{TEXTS.manual}</span> : null}
        {onDelete ? (
          <Button
            className="quote-row__delete"
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={TEXTS.remove(quote.id)}
            onClick={() => onDelete(quote)}
          />
        ) : null}
      </div>
      <blockquote className="quote-row__text">
        <SafeMessageText text={quote.text} maxLength={QUOTE_TEXT_LENGTH} />
      </blockquote>
      <div className="quote-row__footer">
        {quote.theme ? <span className="quote-row__theme">{quote.theme.name}</span> : null}
        {quote.info_reason ? (
          <span className="muted">
            {quote.theme ? '/ ' : ''}
            {quote.info_reason.name}
          </span>
        ) : null}
        {!quote.theme && !quote.info_reason ? <span className="muted">{TEXTS.unclassified}</span> : null}
        <span className="quote-row__links">
          {quote.message_id !== null ? (
            <Link to={`/messages/${quote.message_id}`}>{TEXTS.openMessage}</Link>
          ) : null}
          {sourceUrl ? (
            <a href={sourceUrl} target="_blank" rel="noopener noreferrer">
              <LinkOutlined /> {TEXTS.source}
            </a>
          ) : null}
        </span>
      </div>
    </li>
  );
}
