import { THEME_NAME_DEFAULT, THEME_NAME_MAX } from '@monitoring/contracts';
import { Form, Input } from 'antd';
import { useCreateTheme } from '../../api/themes.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fieldError } from './field-error.ts';
import { useCreateDialog } from './useCreateDialog.ts';

/** «Создать тему»: a name, empty means 'без имени' (product.md §5); opens the new theme. */
export function CreateThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTheme();
  const [form] = Form.useForm<{ name?: string }>();
  const { close, submit } = useCreateDialog(form, create, onClose, (item) => `/theme/${item.id}`);
  return (
    <FormDialog
      open={open}
      title="Новая тема"
      okText="Создать"
      onClose={close}
      pending={create.isPending}
      form={form}
      onFinish={({ name }) => submit(name?.trim() ?? '')}
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
    </FormDialog>
  );
}
