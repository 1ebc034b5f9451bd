import { LOM_GROUP_TITLE_MAX_LENGTH, type LomGroupItem } from '@monitoring/contracts';
import { Button, Checkbox, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useUpdateLomGroup } from '../../api/lom-groups.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { GROUP_TEXTS as TEXTS } from './lom-groups-texts.ts';

/**
 * Rename a group and, with api_edit_public, publish or hide it. An empty name clears the
 * title, and the group shows its report number again.
 */
export function LomGroupEditForm({
  group,
  canPublish,
  onDone,
}: {
  group: LomGroupItem;
  canPublish: boolean;
  onDone: () => void;
}) {
  const { message } = useFeedback();
  const [title, setTitle] = useState(group.title ?? '');
  const [isPublic, setIsPublic] = useState(group.public);
  const update = useUpdateLomGroup();

  const save = () =>
    update.mutate(
      { id: group.id, title: title.trim(), isPublic: isPublic === group.public ? undefined : isPublic },
      {
        onSuccess: () => {
          message.success(TEXTS.saved);
          onDone();
        },
        onError: (error) => message.error(error instanceof Error ? error.message : TEXTS.failed),
      },
    );

  return (
    <Space wrap className="lom-groups__edit">
      <Input
        aria-label={TEXTS.titlePlaceholder}
        placeholder={group.report_id === null ? TEXTS.titlePlaceholder : String(group.report_id)}
        value={title}
        maxLength={LOM_GROUP_TITLE_MAX_LENGTH}
        onChange={(event) => setTitle(event.target.value)}
        onPressEnter={save}
        autoFocus
      />
      <Tooltip title={canPublish ? TEXTS.publicHint : TEXTS.publicForbidden}>
        <Checkbox
          checked={isPublic}
          disabled={!canPublish}
          onChange={(event) => setIsPublic(event.target.checked)}
        >
          {TEXTS.public}
        </Checkbox>
      </Tooltip>
      <Button type="primary" size="small" loading={update.isPending} onClick={save}>
        {TEXTS.save}
      </Button>
      <Button size="small" onClick={onDone} disabled={update.isPending}>
        {TEXTS.cancel}
      </Button>
    </Space>
  );
}
