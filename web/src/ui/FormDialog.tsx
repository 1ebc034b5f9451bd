import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

interface FormDialogProps<V> {
  open: boolean;
  title: string;
  okText: string;
  /** Cancel, the cross and Esc; the caller resets its form and mutation there. */
  onClose: () => void;
  pending: boolean;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  onFinish: (values: V) => void;
  /** Shown above the form. */
  description?: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** The modal's width (antd's default, 520 px, fits a few fields; a filter panel needs more). */
  width?: number | string;
}

/** A small form in a modal (create a theme, an info reason…): Enter or the OK button submits. */
export function FormDialog<V>({
  open,
  title,
  okText,
  onClose,
  pending,
  form,
  initialValues,
  onFinish,
  description,
  children,
  width,
}: FormDialogProps<V>) {
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      width={width}
      destroyOnHidden
    >
      {description}
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
