import { type MessageDetail, MOOD_COLOR_UNDEFINED, MOOD_COLORS, MOOD_LABELS } from '@monitoring/contracts';
import { Card, Collapse } from 'antd';
import { useMemo } from 'react';
import { createFragment, createQuote } from '../../../api/message-edits.ts';
import { useCan } from '../../../api/useCan.ts';
import { searchMarksOf } from '../../../lib/search-marks.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import type { TextHighlight } from '../../../ui/message-markup.ts';
import { SafeMessageText } from '../../../ui/SafeMessageText.tsx';
import { ClassificationPanel } from './ClassificationPanel.tsx';
import { CommentsList } from './CommentsList.tsx';
import { FlagsToolbar } from './FlagsToolbar.tsx';
import { FragmentList } from './FragmentList.tsx';
import { GluedMessages } from './GluedMessages.tsx';
import { MarkupList } from './MarkupList.tsx';
import { MessageHeader } from './MessageHeader.tsx';
import { NewsLink } from './NewsLink.tsx';
import { QuotesList } from './QuotesList.tsx';
import { SelectableMessageText, type TextSelection } from './SelectableMessageText.tsx';
import { SpeakerPanel } from './SpeakerPanel.tsx';
import { useEditorMutation } from './useEditorMutation.ts';
import { ZefirPanel } from './ZefirPanel.tsx';

/** Fragments as highlights, coloured by their mood (the AI's when the editor has not set one). */
export function fragmentHighlights(message: MessageDetail): TextHighlight[] {
  return message.fragments.map((fragment) => {
    const mood = fragment.mood ?? fragment.mood_ai;
    const color = mood === null ? MOOD_COLOR_UNDEFINED : (MOOD_COLORS as Record<number, string>)[mood];
    const label = mood === null ? 'без тональности' : (MOOD_LABELS as Record<number, string>)[mood];
    return {
      start: fragment.start,
      end: fragment.end,
      color: color ?? MOOD_COLOR_UNDEFINED,
      title: `Фрагмент: ${label}`,
    };
  });
}

/**
 * The message editor (§2): flags, text with fragment highlights, search marks and
 * selection, fragments, classification, markups, speaker, quotes and comments. A
 * message of the special source opens in the Zefir variant.
 */
export function MessageEditor({
  message,
  highlightedText,
}: {
  message: MessageDetail;
  /** The text with what the list's search found marked (the detail asked with `search`). */
  highlightedText?: string;
}) {
  const can = useCan();
  const { message: toast } = useFeedback();
  const editable = can('EDIT_MESSAGE_ATTRIBUTES');
  const zefir = message.from_zephyr;
  const highlights = useMemo(() => fragmentHighlights(message), [message]);
  const marks = useMemo(() => searchMarksOf(message.text, highlightedText), [message.text, highlightedText]);
  // The selection popover closes on the server's answer; the message (its new highlight) reloads behind it.
  const fragment = useEditorMutation(
    message.id,
    (selection: TextSelection) => createFragment(message.id, { ...selection, speech_timestamp: null }),
    undefined,
    { reloadInBackground: true },
  );
  const quote = useEditorMutation(
    message.id,
    (selection: TextSelection) =>
      createQuote(message.id, { text: selection.text, speech_timestamp: message.speech_timestamp }),
    undefined,
    { reloadInBackground: true },
  );

  return (
    <div
      className={zefir ? 'message-editor message-editor--zefir' : 'message-editor'}
      data-variant={zefir ? 'zefir' : 'default'}
    >
      <MessageHeader message={message} />
      <FlagsToolbar message={message} />
      {zefir ? <ZefirPanel message={message} editable={editable} /> : null}
      <div className="message-editor__columns">
        <div className="message-editor__main">
          <Card
            title="Текст"
            size="small"
            extra={editable ? <span className="muted">Выделите текст мышью</span> : null}
          >
            <SelectableMessageText
              text={message.text}
              highlights={highlights}
              marks={marks}
              onCreateFragment={
                editable
                  ? (selection) =>
                      fragment.mutateAsync(selection).then(() => {
                        // Not returned: antd's message is a thenable that settles when it fades, 3 s later.
                        toast.success('Фрагмент создан');
                      })
                  : undefined
              }
              onCreateQuote={
                editable
                  ? (selection) =>
                      quote.mutateAsync(selection).then(() => {
                        toast.success('Цитата создана');
                      })
                  : undefined
              }
            />
            {message.extra_source_text || message.extra_ocr_text ? (
              <Collapse
                ghost
                size="small"
                items={[
                  ...(message.extra_source_text
                    ? [
                        {
                          key: 'source',
                          label: 'Текст источника',
                          children: <SafeMessageText text={message.extra_source_text} />,
                        },
                      ]
                    : []),
                  ...(message.extra_ocr_text
                    ? [
                        {
                          key: 'ocr',
                          label: 'Распознанный текст',
                          children: <SafeMessageText text={message.extra_ocr_text} />,
                        },
                      ]
                    : []),
                ]}
              />
            ) : null}
          </Card>
          <Card title={`Фрагменты (${message.fragments.length})`} size="small">
            <FragmentList message={message} editable={editable} zefir={zefir} />
          </Card>
          <Card title={`Цитаты (${message.quotes.length})`} size="small">
            <QuotesList message={message} editable={editable} />
          </Card>
          <CommentsList messageId={message.id} />
        </div>
        <aside className="message-editor__side">
          <Card title="Классификация" size="small">
            <ClassificationPanel message={message} />
          </Card>
          <Card title={`Разметка (${message.markups.length})`} size="small">
            <MarkupList message={message} editable={editable} />
          </Card>
          <Card title="Спикер" size="small">
            <SpeakerPanel message={message} editable={editable} />
          </Card>
          <GluedMessages message={message} />
          <NewsLink message={message} />
        </aside>
      </div>
    </div>
  );
}
