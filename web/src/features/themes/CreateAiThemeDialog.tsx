import { THEME_NAME_MAX } from '@monitoring/contracts';
import { Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useCreateAiTheme } from '../../api/themes.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fieldError } from './field-error.ts';

/** «Создать AI-тему»: a theme made from a name the model suggested; the name is required. */
export function CreateAiThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ theme_name: string }>();
  const create = useCreateAiTheme();
  const navigate = useNavigate();
  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Новая AI-тема"
      okText="Создать"
      onClose={close}
      pending={create.isPending}
      form={form}
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
    </FormDialog>
  );
}
