import { INFO_REASON_NAME_MAX } from '@monitoring/contracts';
import { Form, Input } from 'antd';
import { useInfoReasonsThemeMassAdd } from '../../api/info-reasons.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';

/** «В тему по названию»: the theme of that name, found in any case or made (theme-mass-add/). */
export function MassAddToThemeDialog({
  open,
  onClose,
  ids,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  ids: number[];
  onDone: (text: string) => void;
}) {
  const [form] = Form.useForm<{ theme_name: string }>();
  const add = useInfoReasonsThemeMassAdd();
  const close = () => {
    form.resetFields();
    add.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Добавить в тему по названию"
      okText="Добавить"
      onClose={close}
      pending={add.isPending}
      form={form}
      description={
        <p>Отмечено инфоповодов: {ids.length}. Если темы с таким названием нет, она будет создана.</p>
      }
      onFinish={({ theme_name }) =>
        add.mutate(
          { ids, themeName: theme_name.trim() },
          {
            onSuccess: (answer) => {
              close();
              onDone(
                `${answer.theme_created ? 'Создана тема' : 'Тема'} «${answer.theme.name}»: перенесено ${answer.updated}`,
              );
            },
          },
        )
      }
    >
      <Form.Item
        name="theme_name"
        label="Название темы"
        rules={[{ required: true, whitespace: true, message: 'Укажите название темы' }]}
      >
        <Input autoFocus maxLength={INFO_REASON_NAME_MAX} />
      </Form.Item>
    </FormDialog>
  );
}
