import './lom-content.css';
import { Alert, Button, Card, Empty, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useCooperationStatuses, useUpdateCooperation } from '../../../api/lom-content.ts';
import { useCan } from '../../../api/useCan.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { CONTENT_TEXTS } from './content-texts.ts';
import type { LomTabProps } from './types.ts';

/**
 * «Сотрудничество»: the lom's cooperation status. With EDIT_LOM the status is chosen and
 * saved; any answer but 200 shows «Cooperation update error» (product.md §5, §8). Without
 * EDIT_LOM the tab only shows the status.
 */
export function CooperationTab({ lom }: LomTabProps) {
  const can = useCan();
  const canEdit = can('EDIT_LOM');
  const { message } = useFeedback();
  // The tab is the full card's: a card without the status (a narrower access) shows nothing to edit.
  const current = lom.cooperation;
  const statuses = useCooperationStatuses(current !== null);
  const update = useUpdateCooperation(lom.id);
  const saved = current?.id ?? null;
  const [chosen, setChosen] = useState(saved);

  // A new status from the server (after saving, or another editor's) replaces the choice.
  useEffect(() => setChosen(saved), [saved]);

  if (current === null || chosen === null) {
    return <Empty className="lom-content__empty" description={CONTENT_TEXTS.cooperationHidden} />;
  }
  if (statuses.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (statuses.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={CONTENT_TEXTS.cooperationStatusesError}
        description={statuses.error.message}
      />
    );
  }
  const options = statuses.data.map((status) => ({ value: status.id, label: status.name }));
  // A status missing from the list still shows by the name the card knows.
  if (!options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }

  const save = () =>
    update.mutate(chosen, {
      onSuccess: () => void message.success(CONTENT_TEXTS.cooperationSaved),
    });

  return (
    <Card size="small" title={CONTENT_TEXTS.cooperationTitle} className="lom-cooperation">
      <div className="lom-cooperation__form">
        <Select
          aria-label={CONTENT_TEXTS.cooperationTitle}
          className="lom-cooperation__select"
          value={chosen}
          options={options}
          onChange={(value: number) => {
            update.reset();
            setChosen(value);
          }}
          disabled={!canEdit || update.isPending}
        />
        {canEdit ? (
          <Button type="primary" onClick={save} loading={update.isPending} disabled={chosen === saved}>
            {CONTENT_TEXTS.cooperationSave}
          </Button>
        ) : null}
      </div>
      {canEdit ? null : <p className="muted lom-cooperation__hint">{CONTENT_TEXTS.cooperationReadOnly}</p>}
      {update.isError ? (
        <Alert type="error" showIcon className="lom-content__alert" title={update.error.message} />
      ) : null}
    </Card>
  );
}
