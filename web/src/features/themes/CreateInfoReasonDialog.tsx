import { INFO_REASON_DEFAULT_NAME, INFO_REASON_NAME_MAX } from '@monitoring/contracts';
import { Form, Input } from 'antd';
import { isApiError } from '../../api/api-error.ts';
import { useCreateInfoReason } from '../../api/info-reasons.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { useCreateDialog } from './useCreateDialog.ts';

interface CreateValues {
  name?: string;
  theme?: number | null;
}

/** A Form.Item child: one theme from the pick list, or none. */
function ThemeField({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  return (
    <PickSelect kind="theme" placeholder="Без темы" value={value ?? null} onChange={(id) => onChange?.(id)} />
  );
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
  const create = useCreateInfoReason();
  const [form] = Form.useForm<CreateValues>();
  const { close, submit } = useCreateDialog(form, create, onClose, (item) => `/info-reason/${item.id}`);
  const badRequest = isApiError(create.error) && create.error.status === 400 ? create.error : null;
  return (
    <FormDialog
      open={open}
      title="Новый инфоповод"
      okText="Создать"
      onClose={close}
      pending={create.isPending}
      form={form}
      initialValues={{ theme: themeId ?? null }}
      onFinish={({ name, theme }) => submit({ name: name?.trim() ?? '', theme: theme ?? null })}
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
    </FormDialog>
  );
}
