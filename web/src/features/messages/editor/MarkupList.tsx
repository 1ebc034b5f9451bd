import { CheckOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MessageDetail, MessageMarkup, Mood } from '@monitoring/contracts';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { confirmAiMarkup } from '../../../api/ai-themes.ts';
import { createMarkup, deleteMarkup, type MarkupInput, updateMarkup } from '../../../api/message-edits.ts';
import { MoodSelect } from '../../../ui/MoodSelect.tsx';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import { useEditorMutation } from './useEditorMutation.ts';

interface MarkupRowProps {
  markup: MessageMarkup;
  editable: boolean;
  onChange: (patch: MarkupInput) => void;
  onDelete: () => void;
  onConfirm: () => void;
  busy: boolean;
}

/** An AI markup (docs/ai-themes.md): its flag and similarity, and «Подтвердить» once its theme is approved. */
function AiMarkupFlag({ markup, editable, busy, onConfirm }: Omit<MarkupRowProps, 'onChange' | 'onDelete'>) {
  if (!markup.ai) return null;
  const score = markup.ai_score === null ? '' : ` ${Math.round(markup.ai_score * 100)}%`;
  return (
    <>
      <Tooltip title="Предложено ИИ по сходству с сообщениями темы; подтвердите или удалите">
        <Tag color="purple">ИИ{score}</Tag>
      </Tooltip>
      {!markup.theme_approved ? (
        <span className="muted">тема ИИ ждёт утверждения</span>
      ) : editable ? (
        <Button
          icon={<CheckOutlined />}
          aria-label={`Подтвердить разметку ${markup.id}`}
          disabled={busy}
          onClick={onConfirm}
        >
          Подтвердить
        </Button>
      ) : null}
    </>
  );
}

function MarkupRow({ markup, editable, onChange, onDelete, onConfirm, busy }: MarkupRowProps) {
  return (
    <div className="markup-row" data-markup-id={markup.id}>
      <AiMarkupFlag markup={markup} editable={editable} busy={busy} onConfirm={onConfirm} />
      <PickSelect
        kind="theme"
        placeholder="Тема"
        value={markup.theme?.id}
        known={markup.theme ? [markup.theme] : []}
        disabled={!editable || busy}
        onChange={(theme) => theme !== null && onChange({ theme, info_reason: null })}
      />
      <PickSelect
        kind="info_reason"
        placeholder="Инфоповод"
        value={markup.info_reason?.id}
        known={markup.info_reason ? [markup.info_reason] : []}
        extra={{ theme_in: markup.theme ? [markup.theme.id] : undefined }}
        disabled={!editable || busy}
        onChange={(infoReason) => onChange({ info_reason: infoReason })}
      />
      <MoodSelect value={markup.mood} disabled={!editable || busy} onChange={(mood) => onChange({ mood })} />
      {editable ? (
        <Popconfirm title="Удалить разметку?" okText="Удалить" cancelText="Отмена" onConfirm={onDelete}>
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={`Удалить разметку ${markup.id}`}
            disabled={busy}
          />
        </Popconfirm>
      ) : null}
    </div>
  );
}

interface NewMarkup {
  theme: number | null;
  info_reason: number | null;
  mood: Mood | null;
}

const EMPTY: NewMarkup = { theme: null, info_reason: null, mood: null };

/** Further classifications of the message (§3 Message markup): add, edit, delete. */
export function MarkupList({ message, editable }: { message: MessageDetail; editable: boolean }) {
  const [draft, setDraft] = useState<NewMarkup | null>(null);
  const update = useEditorMutation(message.id, ({ id, patch }: { id: number; patch: MarkupInput }) =>
    updateMarkup(id, patch),
  );
  const remove = useEditorMutation(message.id, (id: number) => deleteMarkup(id), 'Разметка удалена');
  const confirm = useEditorMutation(
    message.id,
    (id: number) => confirmAiMarkup(id),
    (result) => (result.outcome === 'primary' ? 'Тема сообщения подтверждена' : 'Разметка подтверждена'),
  );
  const create = useEditorMutation(
    message.id,
    (markup: NewMarkup & { theme: number }) => createMarkup(message.id, markup),
    'Разметка добавлена',
  );

  return (
    <div className="markup-list">
      {message.markups.length === 0 && !draft ? <p className="muted">Дополнительной разметки нет</p> : null}
      {message.markups.map((markup) => (
        <MarkupRow
          key={markup.id}
          markup={markup}
          editable={editable}
          busy={update.isPending || remove.isPending || confirm.isPending}
          onChange={(patch) => update.mutate({ id: markup.id, patch })}
          onDelete={() => remove.mutate(markup.id)}
          onConfirm={() => confirm.mutate(markup.id)}
        />
      ))}
      {draft ? (
        <div className="markup-row markup-row--new">
          <PickSelect
            kind="theme"
            placeholder="Тема"
            value={draft.theme}
            onChange={(theme) => setDraft({ ...draft, theme, info_reason: null })}
          />
          <PickSelect
            kind="info_reason"
            placeholder="Инфоповод"
            value={draft.info_reason}
            extra={{ theme_in: draft.theme ? [draft.theme] : undefined }}
            onChange={(infoReason) => setDraft({ ...draft, info_reason: infoReason })}
          />
          <MoodSelect value={draft.mood} onChange={(mood) => setDraft({ ...draft, mood })} />
          <Button
            type="primary"
            disabled={draft.theme === null}
            loading={create.isPending}
            onClick={() => {
              const { theme } = draft;
              if (theme === null) return;
              create.mutate({ ...draft, theme }, { onSuccess: () => setDraft(null) });
            }}
          >
            Добавить
          </Button>
          <Button onClick={() => setDraft(null)}>Отмена</Button>
        </div>
      ) : null}
      {editable && !draft ? (
        <Button icon={<PlusOutlined />} onClick={() => setDraft(EMPTY)}>
          Добавить разметку
        </Button>
      ) : null}
    </div>
  );
}
