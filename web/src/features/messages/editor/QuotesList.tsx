import { DeleteOutlined } from '@ant-design/icons';
import type { MessageDetail } from '@monitoring/contracts';
import { Button, Empty, Popconfirm } from 'antd';
import { deleteQuote } from '../../../api/quotes.ts';
import { formatSpeechTimestamp } from '../../../lib/format.ts';
import { MoodTag } from '../../../ui/MoodTag.tsx';
import { useEditorMutation } from './useEditorMutation.ts';

/** Quotes taken from the message or its fragments. */
export function QuotesList({ message, editable }: { message: MessageDetail; editable: boolean }) {
  const remove = useEditorMutation(message.id, (id: number) => deleteQuote(id), 'Цитата удалена');
  if (message.quotes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Цитат нет" />;
  }
  return (
    <ul className="quote-list">
      {message.quotes.map((quote) => (
        <li key={quote.id} className="quote-item">
          <blockquote className="quote-item__text">«{quote.text}»</blockquote>
          <div className="quote-item__meta">
            <MoodTag mood={quote.mood} />
            <span className="muted">
              {quote.lom?.name ?? ''}
              {quote.speech_timestamp !== null ? ` · ${formatSpeechTimestamp(quote.speech_timestamp)}` : ''}
              {quote.theme ? ` · ${quote.theme.name}` : ''}
              {quote.is_manual ? ' · вручную' : ''}
            </span>
            {editable ? (
              <Popconfirm
                title="Удалить цитату?"
                okText="Удалить"
                cancelText="Отмена"
                onConfirm={() => remove.mutate(quote.id)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Удалить цитату ${quote.id}`}
                />
              </Popconfirm>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
