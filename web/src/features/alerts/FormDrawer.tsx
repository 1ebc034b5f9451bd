import { ALERT_LIMITS } from '@monitoring/contracts';
import { Alert, Button, Drawer, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { ALERTS_TEXTS } from './texts.ts';

/**
 * The drawer of an alert's or a digest's form: Cancel and Create/Save below, a problem the server named without a
 * field (a 403) above the form. The form itself is the caller's.
 */
export function FormDrawer({
  title,
  editing,
  pending,
  problem,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  /** Saving an existing one («Сохранить») rather than creating («Создать»). */
  editing: boolean;
  pending: boolean;
  problem: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open
      onClose={onClose}
      size={720}
      title={title}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{ALERTS_TEXTS.cancel}</Button>
          <Button type="primary" loading={pending} onClick={onSubmit}>
            {editing ? ALERTS_TEXTS.save : ALERTS_TEXTS.createOk}
          </Button>
        </Space>
      }
    >
      {problem ? (
        <Alert type="error" showIcon title={problem} role="alert" className="alert-form__problem" />
      ) : null}
      {children}
    </Drawer>
  );
}

/** The name of an alert or a digest: required, at most ALERT_LIMITS.nameLength characters, focused first. */
export function NameField() {
  return (
    <Form.Item
      name="name"
      label={ALERTS_TEXTS.name}
      rules={[
        { required: true, whitespace: true, message: ALERTS_TEXTS.nameRequired },
        { max: ALERT_LIMITS.nameLength, message: `Не длиннее ${ALERT_LIMITS.nameLength} символов` },
      ]}
    >
      <Input autoFocus />
    </Form.Item>
  );
}
