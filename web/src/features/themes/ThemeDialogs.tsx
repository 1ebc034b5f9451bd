import { THEME_NAME_DEFAULT, THEME_NAME_MAX } from '@monitoring/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCreateAiTheme, useCreateTheme, useMergeTheme } from '../../api/themes.ts';
import { PickSelect } from '../../ui/PickSelect.tsx';

/** The server's 400 message for a form field, shown under it. */
function fieldError(error: unknown): string | null {
  return isApiError(error) && error.status === 400 ? error.message : null;
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** «Создать тему»: a name, empty means 'без имени' (product.md §5); opens the new theme. */
export function CreateThemeDialog({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<{ name?: string }>();
  const create = useCreateTheme();
  const navigate = useNavigate();
  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Новая тема"
      okText="Создать"
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ name }) =>
          create.mutate(name?.trim() ?? '', {
            onSuccess: (theme) => {
              close();
              navigate(`/theme/${theme.id}`);
            },
          })
        }
      >
        <Form.Item
          name="name"
          label="Название"
          extra={`Пустое название — «${THEME_NAME_DEFAULT}»`}
          validateStatus={fieldError(create.error) ? 'error' : undefined}
          help={fieldError(create.error) ?? undefined}
        >
          <Input autoFocus maxLength={THEME_NAME_MAX} placeholder="Название темы" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** «Создать AI-тему»: a theme made from a name the model suggested; the name is required. */
export function CreateAiThemeDialog({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<{ theme_name: string }>();
  const create = useCreateAiTheme();
  const navigate = useNavigate();
  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Новая AI-тема"
      okText="Создать"
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ theme_name }) =>
          create.mutate(theme_name.trim(), {
            onSuccess: (theme) => {
              close();
              navigate(`/theme/${theme.id}`);
            },
          })
        }
      >
        <Form.Item
          name="theme_name"
          label="Название темы"
          rules={[{ required: true, whitespace: true, message: 'Укажите название темы' }]}
          validateStatus={fieldError(create.error) ? 'error' : undefined}
          help={fieldError(create.error) ?? undefined}
        >
          <Input autoFocus maxLength={THEME_NAME_MAX} placeholder="Название, предложенное моделью" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

interface MergeDialogProps extends DialogProps {
  /** The themes to glue (each goes into the target, one call each). */
  sources: { id: number; name: string }[];
  /** After every source went into the target. */
  onMerged?: (targetId: number) => void;
}

/**
 * «Склеить»: choose the target theme, confirm; each source moves into it and is
 * deleted (docs/themes.md "Gluing").
 */
export function MergeThemesDialog({ open, onClose, sources, onMerged }: MergeDialogProps) {
  const [target, setTarget] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(0);
  const merge = useMergeTheme();
  const sourceIds = sources.map((source) => source.id);
  const close = () => {
    setTarget(null);
    setConfirming(false);
    setDone(0);
    merge.reset();
    onClose();
  };
  const run = async () => {
    if (target === null) return;
    let count = 0;
    for (const source of sources) {
      if (source.id === target) continue;
      try {
        await merge.mutateAsync({ source: source.id, target });
      } catch {
        setConfirming(false);
        return;
      }
      count += 1;
      setDone(count);
    }
    close();
    onMerged?.(target);
  };
  const names = sources.map((source) => `«${source.name}»`).join(', ');
  return (
    <Modal
      open={open}
      title="Склеить темы"
      okText={confirming ? 'Да, склеить' : 'Склеить'}
      cancelText="Отмена"
      okButtonProps={{ disabled: target === null, danger: confirming }}
      confirmLoading={merge.isPending}
      onOk={() => (confirming ? void run() : setConfirming(true))}
      onCancel={close}
      destroyOnHidden
    >
      <p>
        {sources.length === 1
          ? `Тема ${names} будет перенесена в выбранную тему вместе с сообщениями, инфоповодами и связями, а затем удалена.`
          : `Темы ${names} будут перенесены в выбранную тему вместе с сообщениями, инфоповодами и связями, а затем удалены.`}
      </p>
      <PickSelect
        kind="theme"
        placeholder="Тема, в которую склеить"
        autoFocus
        extra={{ id_not_in: sourceIds }}
        value={target}
        onChange={(id) => {
          setTarget(id);
          setConfirming(false);
        }}
      />
      {confirming && target !== null ? (
        <Alert
          className="themes-dialog__confirm"
          type="warning"
          showIcon
          title="Склейку нельзя отменить. Подтвердите."
        />
      ) : null}
      {merge.isPending && sources.length > 1 ? (
        <p aria-live="polite">
          Склеено {done} из {sources.length}
        </p>
      ) : null}
    </Modal>
  );
}
