import { Checkbox, Modal } from 'antd';
import { useState } from 'react';

interface ConvertDialogProps {
  open: boolean;
  names: string[];
  onCancel: () => void;
  onConvert: (includeMarkups: boolean) => void;
}

/** «Преобразовать в тему»: each selected info reason becomes a theme of its name; the markup can carry over. */
export function ConvertDialog({ open, names, onCancel, onConvert }: ConvertDialogProps) {
  const [includeMarkups, setIncludeMarkups] = useState(true);
  return (
    <Modal
      open={open}
      title="Преобразовать в темы"
      okText="Преобразовать…"
      cancelText="Отмена"
      onCancel={onCancel}
      onOk={() => onConvert(includeMarkups)}
      destroyOnHidden
    >
      <p>
        Будут созданы темы с названиями инфоповодов: {names.map((name) => `«${name}»`).join(', ')}. Инфоповоды
        станут неактивными.
      </p>
      <Checkbox checked={includeMarkups} onChange={(event) => setIncludeMarkups(event.target.checked)}>
        Перенести разметку
      </Checkbox>
      <p className="admin-dirs__muted">С разметкой сообщения инфоповода получат разметку новой темы.</p>
    </Modal>
  );
}
