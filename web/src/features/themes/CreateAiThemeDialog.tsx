import { THEME_NAME_MAX } from '@monitoring/contracts';
import { Form, Input } from 'antd';
import { useCreateAiTheme } from '../../api/themes.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fieldError } from './field-error.ts';
import { useCreateDialog } from './useCreateDialog.ts';

/** «Создать AI-тему»: a theme made from a name the model suggested; the name is required. */
export function CreateAiThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateAiTheme();
  const [form] = Form.useForm<{ theme_name: string }>();
  const { close, submit } = useCreateDialog(form, create, onClose, (item) => `/theme/${item.id}`);
  return (
    <FormDialog
      open={open}
      title="Новая AI-тема"
      okText="Создать"
      onClose={close}
      pending={create.isPending}
      form={form}
      onFinish={({ theme_name }) => submit(theme_name.trim())}
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
    </FormDialog>
  );
}
