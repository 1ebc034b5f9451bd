import { type MessageFilterParams, MOOD_LABELS, MOOD_ORDER } from '@monitoring/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { editMessagesByFilter, editMessagesFields } from '../../api/message-edits.ts';
import { messageKeys } from '../../api/messages.ts';
import { formatExact } from '../../lib/format.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { type MassEditValues, massEditFields } from './mass-edit.ts';
import { TEXTS } from './texts.ts';

interface MassEditDrawerProps {
  open: boolean;
  onClose: () => void;
  ids: readonly number[];
  /** The filter of the list on screen, for «Применить ко всем по фильтру». */
  filter: MessageFilterParams;
  total: number;
  /** False when total is only a bound (a search's «более N»). */
  totalExact?: boolean;
  onDone: () => void;
}

const KEEP = 'keep';
const moodOptions = [
  { value: KEEP, label: 'Не менять' },
  ...MOOD_ORDER.map((mood) => ({ value: String(mood), label: MOOD_LABELS[mood] })),
];
const flagOptions = [
  { value: KEEP, label: 'Не менять' },
  { value: 'true', label: 'Да' },
  { value: 'false', label: 'Нет' },
];
const FLAG_FIELDS = [
  ['verified', 'Проверено'],
  ['delayed', 'Отложено'],
  ['archived', 'В архиве'],
  ['trash', 'В корзине'],
] as const;

/** Sets mood, theme, info reason and flags on the selected messages, or on every message of the filter. */
export function MassEditDrawer({
  open,
  onClose,
  ids,
  filter,
  total,
  totalExact = true,
  onDone,
}: MassEditDrawerProps) {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MassEditValues>({});
  const fields = massEditFields(values);
  const patch = (next: Partial<MassEditValues>) => setValues((current) => ({ ...current, ...next }));

  const mutation = useMutation({
    mutationFn: (scope: 'selected' | 'filter') => {
      if (!fields) throw new Error('Нечего менять');
      return scope === 'selected' ? editMessagesFields(ids, fields) : editMessagesByFilter(filter, fields);
    },
    onSuccess: async ({ updated }) => {
      message.success(TEXTS.updated(updated));
      setValues({});
      onDone();
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });

  return (
    <Drawer
      title="Массовое изменение"
      open={open}
      onClose={onClose}
      size={420}
      footer={
        <Space wrap>
          <Button
            type="primary"
            disabled={!fields || ids.length === 0}
            loading={mutation.isPending && mutation.variables === 'selected'}
            onClick={() => mutation.mutate('selected')}
          >
            Применить к выбранным ({ids.length})
          </Button>
          <Popconfirm
            title="Изменить все сообщения по фильтру?"
            description={`Будет изменено сообщений: ${totalExact ? '' : 'более '}${formatExact(total)}`}
            okText="Изменить"
            cancelText="Отмена"
            onConfirm={() => mutation.mutate('filter')}
            disabled={!fields || total === 0}
          >
            <Button
              disabled={!fields || total === 0}
              loading={mutation.isPending && mutation.variables === 'filter'}
            >
              Применить ко всем по фильтру
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <div className="form-stack">
        <div className="form-field">
          <span>Тональность</span>
          <Select
            aria-label="Тональность"
            value={values.mood === undefined || values.mood === null ? KEEP : String(values.mood)}
            options={moodOptions}
            onChange={(value) => patch({ mood: value === KEEP ? undefined : Number(value) })}
          />
        </div>
        <div className="form-field">
          <span>Тема</span>
          <PickSelect
            kind="theme"
            placeholder="Не менять"
            value={values.theme}
            onChange={(theme) => patch({ theme: theme ?? undefined, info_reason: undefined })}
          />
        </div>
        <div className="form-field">
          <span>Инфоповод</span>
          <PickSelect
            kind="info_reason"
            placeholder="Не менять"
            value={values.info_reason}
            extra={{ theme_in: values.theme ? [values.theme] : undefined }}
            onChange={(infoReason) => patch({ info_reason: infoReason ?? undefined })}
          />
        </div>
        {FLAG_FIELDS.map(([flag, label]) => (
          <div className="form-field" key={flag}>
            <span>{label}</span>
            <Select
              aria-label={label}
              value={values[flag] === undefined ? KEEP : String(values[flag])}
              options={flagOptions}
              onChange={(value) => patch({ [flag]: value === KEEP ? undefined : value === 'true' })}
            />
          </div>
        ))}
      </div>
    </Drawer>
  );
}
