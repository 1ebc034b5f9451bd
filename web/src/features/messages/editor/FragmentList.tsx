import { DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { isMood, type MessageDetail, type MessageFragment, type Mood } from '@monitoring/contracts';
import { Button, Checkbox, Empty, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import {
  convertMessageFromAi,
  deleteFragments,
  editFragment,
  quoteFromFragment,
  setFragmentMoodAi,
} from '../../../api/message-edits.ts';
import { MoodSelect } from '../../../ui/MoodSelect.tsx';
import { SafeMessageText } from '../../../ui/SafeMessageText.tsx';
import { useEditorMutation } from './useEditorMutation.ts';

interface FragmentListProps {
  message: MessageDetail;
  editable: boolean;
  zefir: boolean;
}

type FragmentChange =
  | { kind: 'mood'; fragment: MessageFragment; mood: Mood | null }
  | { kind: 'mood_ai'; fragment: MessageFragment; mood: Mood | null };

/** The message's fragments with their mood (and the AI's in Zefir mode), quote and delete. */
export function FragmentList({ message, editable, zefir }: FragmentListProps) {
  const [convertAfterEdit, setConvertAfterEdit] = useState(false);
  const change = useEditorMutation(message.id, async (edit: FragmentChange) => {
    if (edit.kind === 'mood') await editFragment(edit.fragment.id, { mood: edit.mood });
    else await setFragmentMoodAi(edit.fragment.id, edit.mood);
    // §4: converting from AI is requested after a fragment edit when wanted.
    if (zefir && convertAfterEdit) await convertMessageFromAi(message.id);
  });
  const remove = useEditorMutation(
    message.id,
    (ids: number[] | undefined) => deleteFragments([message.id], ids),
    'Фрагменты удалены',
  );
  const quote = useEditorMutation(
    message.id,
    (fragment: MessageFragment) => quoteFromFragment(fragment.id, fragment.text),
    'Цитата создана',
  );

  if (message.fragments.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={editable ? 'Фрагментов нет. Выделите текст, чтобы создать.' : 'Фрагментов нет'}
      />
    );
  }
  return (
    <div className="fragment-list">
      {zefir && editable ? (
        <Checkbox checked={convertAfterEdit} onChange={(event) => setConvertAfterEdit(event.target.checked)}>
          Принимать разметку ИИ после правки фрагмента
        </Checkbox>
      ) : null}
      {[...message.fragments]
        .sort((a, b) => a.start - b.start)
        .map((fragment) => (
          <div className="fragment-item" key={fragment.id} data-fragment-id={fragment.id}>
            <SafeMessageText className="fragment-item__text" text={fragment.text} />
            <div className="fragment-item__meta muted">
              {fragment.start}–{fragment.end}
              {fragment.theme ? ` · ${fragment.theme.name}` : ''}
              {fragment.info_reason ? ` / ${fragment.info_reason.name}` : ''}
              {fragment.quotes.length > 0 ? ` · цитат: ${fragment.quotes.length}` : ''}
            </div>
            <Space wrap size={[8, 8]}>
              <MoodSelect
                size="small"
                aria-label={`Тональность фрагмента ${fragment.id}`}
                value={fragment.mood}
                disabled={!editable || change.isPending}
                onChange={(mood) => change.mutate({ kind: 'mood', fragment, mood })}
              />
              {zefir ? (
                <MoodSelect
                  size="small"
                  placeholder="Тональность ИИ"
                  aria-label={`Тональность ИИ фрагмента ${fragment.id}`}
                  value={isMood(fragment.mood_ai) ? fragment.mood_ai : null}
                  disabled={!editable || change.isPending}
                  onChange={(mood) => change.mutate({ kind: 'mood_ai', fragment, mood })}
                />
              ) : null}
              {editable ? (
                <>
                  <Button
                    size="small"
                    icon={<MessageOutlined />}
                    loading={quote.isPending && quote.variables === fragment}
                    onClick={() => quote.mutate(fragment)}
                  >
                    Цитата
                  </Button>
                  <Popconfirm
                    title="Удалить фрагмент?"
                    okText="Удалить"
                    cancelText="Отмена"
                    onConfirm={() => remove.mutate([fragment.id])}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Удалить фрагмент ${fragment.id}`}
                    />
                  </Popconfirm>
                </>
              ) : null}
            </Space>
          </div>
        ))}
      {editable && message.fragments.length > 1 ? (
        <Popconfirm
          title="Удалить все фрагменты сообщения?"
          okText="Удалить"
          cancelText="Отмена"
          onConfirm={() => remove.mutate(undefined)}
        >
          <Button danger type="link" loading={remove.isPending}>
            Удалить все фрагменты
          </Button>
        </Popconfirm>
      ) : null}
    </div>
  );
}
