import { Modal } from 'antd';
import { useState } from 'react';
import { PickSelect } from '../../../ui/PickSelect.tsx';

interface LomPickDialogProps {
  open: boolean;
  title: string;
  okText: string;
  pending: boolean;
  onClose: () => void;
  /** Runs the action with the chosen lom; true closes the dialog. */
  onPick: (lom: number) => Promise<boolean>;
}

/** Choose one active lom from the lom pick list, then run the action. */
export function LomPickDialog({ open, title, okText, pending, onClose, onPick }: LomPickDialogProps) {
  const [lom, setLom] = useState<number | null>(null);
  const close = () => {
    setLom(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Отмена"
      okButtonProps={{ disabled: lom === null }}
      confirmLoading={pending}
      onOk={async () => {
        if (lom !== null && (await onPick(lom))) close();
      }}
      onCancel={close}
      destroyOnHidden
    >
      <PickSelect
        kind="lom"
        placeholder="Найдите ЛОМ по имени"
        ariaLabel="ЛОМ"
        autoFocus
        extra={{ is_active: true }}
        value={lom}
        onChange={(id) => setLom(id)}
      />
    </Modal>
  );
}
