import { Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../api/api-error.ts';

interface NameDialogProps {
  open: boolean;
  title: string;
  /** The field's label, «Название» by default. */
  label?: string;
  initialName?: string;
  okText?: string;
  maxLength?: number;
  /** Shown above the field. */
  description?: ReactNode;
  /** Resolves when saved; a rejection with a 400 is shown at the field. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A one-field dialog (create or rename): the name is focused on opening, Enter saves, the
 * server's 400 («Тег «…» уже есть») shows under the field; other errors the client notifies.
 */
export function NameDialog({
  open,
  title,
  label = 'Название',
  initialName = '',
  okText = 'Сохранить',
  maxLength = 200,
  description,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        form.setFields([{ name: 'name', errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Отмена"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {description}
      {/* The form mounts with each opening (destroyOnHidden), so its initial value is the name to
          start from; setting it after mounting could erase what was typed meanwhile. */}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        preserve={false}
        initialValues={{ name: initialName }}
      >
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: 'Введите название' },
            { max: maxLength, message: `Не длиннее ${maxLength} символов` },
          ]}
        >
          <Input autoFocus maxLength={maxLength} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
