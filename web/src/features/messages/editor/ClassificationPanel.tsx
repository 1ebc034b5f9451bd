import type { MessageDetail, Mood } from '@monitoring/contracts';
import { Descriptions } from 'antd';
import {
  addMessageTheme,
  changeMessageRubrics,
  editMessagesFields,
  removeMessageInfoReason,
  removeMessageThemes,
  setMessageInfoReason,
  setMessagePersonalTags,
} from '../../../api/message-edits.ts';
import { useCan } from '../../../api/useCan.ts';
import { MoodSelect } from '../../../ui/MoodSelect.tsx';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import { useEditorMutation } from './useEditorMutation.ts';

const diff = (from: readonly number[], to: readonly number[]) => ({
  added: to.filter((id) => !from.includes(id)),
  removed: from.filter((id) => !to.includes(id)),
});

/**
 * The message's primary classification: theme, info reason, mood, rubrics, tags and
 * the user's personal tags. Each change is its own call; the message reloads after it.
 */
export function ClassificationPanel({ message }: { message: MessageDetail }) {
  const can = useCan();
  const edit = can('EDIT_MESSAGE_ATTRIBUTES');
  // Mood and tags of one message go through the fields call, which the server guards as a mass edit.
  const editFields = edit && can('MASS_EDIT_MESSAGE_ATTRIBUTES');
  const id = message.id;

  const theme = useEditorMutation(id, async (next: number | null) => {
    const current = message.theme?.id ?? null;
    if (current !== null) await removeMessageThemes(id, [current]);
    if (next !== null) await addMessageTheme(id, next);
  });
  const infoReason = useEditorMutation(id, (next: number | null) =>
    next === null ? removeMessageInfoReason(id) : setMessageInfoReason(id, next, message.theme?.id ?? null),
  );
  const mood = useEditorMutation(id, (next: Mood | null) => editMessagesFields([id], { mood: next }));
  const tags = useEditorMutation(id, (ids: number[]) => editMessagesFields([id], { tags: ids }));
  const rubrics = useEditorMutation(id, async (ids: number[]) => {
    const { added, removed } = diff(
      message.rubrics.map((r) => r.id),
      ids,
    );
    if (added.length) await changeMessageRubrics(id, added, true);
    if (removed.length) await changeMessageRubrics(id, removed, false);
  });
  const personal = useEditorMutation(id, (ids: number[]) => setMessagePersonalTags(id, ids));

  return (
    <Descriptions column={1} size="small" className="classification" bordered>
      <Descriptions.Item label="Тема">
        <PickSelect
          kind="theme"
          placeholder="Тема"
          value={message.theme?.id}
          known={message.theme ? [message.theme] : []}
          disabled={!edit || theme.isPending}
          onChange={(next) => theme.mutate(next)}
        />
      </Descriptions.Item>
      <Descriptions.Item label="Инфоповод">
        <PickSelect
          kind="info_reason"
          placeholder="Инфоповод"
          value={message.info_reason?.id}
          known={message.info_reason ? [message.info_reason] : []}
          extra={{ theme_in: message.theme ? [message.theme.id] : undefined }}
          disabled={!edit || infoReason.isPending}
          onChange={(next) => infoReason.mutate(next)}
        />
      </Descriptions.Item>
      <Descriptions.Item label="Тональность">
        <MoodSelect
          value={message.mood}
          disabled={!editFields || mood.isPending}
          onChange={(next) => mood.mutate(next)}
        />
      </Descriptions.Item>
      <Descriptions.Item label="Сегменты">
        <PickSelect
          kind="rubric"
          mode="multiple"
          placeholder="Сегменты"
          value={message.rubrics.map((r) => r.id)}
          known={message.rubrics}
          disabled={!edit || rubrics.isPending}
          onChange={(ids) => rubrics.mutate(ids)}
        />
      </Descriptions.Item>
      <Descriptions.Item label="Теги">
        <PickSelect
          kind="tag"
          mode="multiple"
          placeholder="Теги"
          value={message.tags.map((t) => t.id)}
          known={message.tags}
          disabled={!editFields || tags.isPending}
          onChange={(ids) => tags.mutate(ids)}
        />
      </Descriptions.Item>
      {can('PERSONAL_TAGS') ? (
        <Descriptions.Item label="Личные метки">
          <PickSelect
            kind="personal_tag"
            mode="multiple"
            placeholder="Личные метки"
            value={message.personal_tags.map((t) => t.id)}
            known={message.personal_tags}
            disabled={personal.isPending}
            onChange={(ids) => personal.mutate(ids)}
          />
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
