import { Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { formatCount } from '../../../lib/format.ts';

export interface MergeCandidate {
  id: number;
  name: string;
  message_count: number;
}

interface AdminMergeDialogProps {
  open: boolean;
  title: string;
  /** The selected rows: one stays, the others go into it. */
  items: readonly MergeCandidate[];
  onCancel: () => void;
  /** Called with the one that stays and the others; the caller confirms and runs. */
  onChoose: (target: MergeCandidate, others: MergeCandidate[]) => void;
}

/** Choose which of the selected entries stays; the others are merged into it (the busiest is offered first). */
export function AdminMergeDialog({ open, title, items, onCancel, onChoose }: AdminMergeDialogProps) {
  const busiest = [...items].sort((a, b) => b.message_count - a.message_count || a.id - b.id)[0];
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const targetId = chosen !== undefined && items.some((item) => item.id === chosen) ? chosen : busiest?.id;
  return (
    <Modal
      open={open}
      title={title}
      okText="Объединить…"
      cancelText="Отмена"
      okButtonProps={{ disabled: items.length < 2 }}
      onCancel={onCancel}
      onOk={() => {
        const target = items.find((item) => item.id === targetId);
        if (target)
          onChoose(
            target,
            items.filter((item) => item.id !== target.id),
          );
      }}
      destroyOnHidden
    >
      <p>Выберите запись, которая останется. Остальные будут объединены с ней и станут неактивными.</p>
      <Radio.Group value={targetId} onChange={(event) => setChosen(event.target.value as number)}>
        <Space direction="vertical">
          {items.map((item) => (
            <Radio key={item.id} value={item.id}>
              {item.name}{' '}
              <span className="admin-dirs__muted">· {formatCount(item.message_count)} сообщ.</span>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
