import { INFO_REASON_DEFAULT_NAME, INFO_REASON_NAME_MAX } from '@monitoring/contracts';
import { Form, Input, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCreateInfoReason, useInfoReasonsThemeMassAdd } from '../../api/info-reasons.ts';
import { PickSelect } from '../../ui/PickSelect.tsx';

interface CreateValues {
  name?: string;
  theme?: number | null;
}

/** «Создать инфоповод»: name (empty is 'без имени') and an optional theme; opens the new info reason. */
export function CreateInfoReasonDialog({
  open,
  onClose,
  themeId,
}: {
  open: boolean;
  onClose: () => void;
  /** The theme to preselect (the theme card). */
  themeId?: number;
}) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateInfoReason();
  const navigate = useNavigate();
  const badRequest = isApiError(create.error) && create.error.status === 400 ? create.error : null;
  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Новый инфоповод"
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
        initialValues={{ theme: themeId ?? null }}
        onFinish={({ name, theme }) =>
          create.mutate(
            { name: name?.trim() ?? '', theme: theme ?? null },
            {
              onSuccess: (item) => {
                close();
                navigate(`/info-reason/${item.id}`);
              },
            },
          )
        }
      >
        <Form.Item
          name="name"
          label="Название"
          extra={`Пустое название — «${INFO_REASON_DEFAULT_NAME}»`}
          validateStatus={badRequest && badRequest.field !== 'theme' ? 'error' : undefined}
          help={badRequest && badRequest.field !== 'theme' ? badRequest.message : undefined}
        >
          <Input autoFocus maxLength={INFO_REASON_NAME_MAX} placeholder="Название инфоповода" />
        </Form.Item>
        <Form.Item
          name="theme"
          label="Тема"
          validateStatus={badRequest?.field === 'theme' ? 'error' : undefined}
          help={badRequest?.field === 'theme' ? badRequest.message : undefined}
        >
          <ThemeField />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** A Form.Item child: one theme from the pick list, or none. */
function ThemeField({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  return (
    <PickSelect kind="theme" placeholder="Без темы" value={value ?? null} onChange={(id) => onChange?.(id)} />
  );
}

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
    <Modal
      open={open}
      title="Добавить в тему по названию"
      okText="Добавить"
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <p>Отмечено инфоповодов: {ids.length}. Если темы с таким названием нет, она будет создана.</p>
      <Form
        form={form}
        layout="vertical"
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
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
