import { Modal } from 'antd';
import { useState } from 'react';
import { PickSelect } from '../../../ui/PickSelect.tsx';

interface SetThemeDialogProps {
  /** The info reason whose theme is chosen; null: closed. */
  reason: { id: number; name: string } | null;
  pending: boolean;
  onCancel: () => void;
  onSet: (theme: { id: number; name: string }) => void;
}

/** «Привязать к теме»: pick the theme from the themes' pick list. */
export function SetThemeDialog({ reason, pending, onCancel, onSet }: SetThemeDialogProps) {
  const [theme, setTheme] = useState<{ id: number; name: string } | null>(null);
  return (
    <Modal
      open={reason !== null}
      title={reason ? `Тема инфоповода «${reason.name}»` : ''}
      okText="Привязать"
      cancelText="Отмена"
      okButtonProps={{ disabled: theme === null }}
      confirmLoading={pending}
      onCancel={() => {
        setTheme(null);
        onCancel();
      }}
      onOk={() => {
        if (theme) onSet(theme);
        setTheme(null);
      }}
      destroyOnHidden
    >
      <PickSelect
        kind="theme"
        placeholder="Выберите тему"
        autoFocus
        value={theme?.id ?? null}
        onChange={(_id, item) => setTheme(item)}
      />
    </Modal>
  );
}
