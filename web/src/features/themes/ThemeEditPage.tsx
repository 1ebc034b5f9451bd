import './themes.css';
import {
  THEME_NAME_DEFAULT,
  THEME_NAME_MAX,
  type ThemeDetail,
  themeNameOrDefault,
} from '@monitoring/contracts';
import { Checkbox, Form, Input } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCreateThemeWithFields, useThemeDetail, useUpdateTheme } from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { EditFormButtons } from '../../ui/EditFormButtons.tsx';
import { EditPageShell } from '../../ui/EditPageShell.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import {
  NEW_THEME_FLAGS,
  THEME_FLAG_FIELDS,
  type ThemeFormValues,
  themeFormValues,
  themeUpdateFields,
} from './theme-form.ts';

interface ThemeFormProps {
  theme: ThemeDetail | null;
}

function ThemeForm({ theme }: ThemeFormProps) {
  const [form] = Form.useForm<ThemeFormValues>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const create = useCreateThemeWithFields();
  const update = useUpdateTheme(theme?.id ?? 0);
  const pending = create.isPending || update.isPending;
  const error = theme ? update.error : create.error;
  const badRequest = isApiError(error) && error.status === 400 ? error : null;
  const fieldErrors = (field: string) =>
    badRequest && (badRequest.field === field || (field === 'name' && !badRequest.field))
      ? { validateStatus: 'error' as const, help: badRequest.message }
      : {};

  const save = async (values: ThemeFormValues) => {
    if (theme) {
      const fields = themeUpdateFields(theme, values);
      if (fields) {
        await update.mutateAsync(fields);
        message.success('Тема сохранена');
      }
      navigate(`/theme/${theme.id}`);
      return;
    }
    const name = themeNameOrDefault(values.name);
    const fields = themeUpdateFields({ ...NEW_THEME_FLAGS, name }, { ...values, name });
    const answer = await create.mutateAsync({ name, fields });
    if (answer.fieldsError) {
      const reason = answer.fieldsError instanceof Error ? answer.fieldsError.message : '';
      message.warning(`Тема создана, но флаги не сохранены${reason ? `: ${reason}` : ''}`);
      navigate(`/theme/${answer.theme.id}/edit`);
      return;
    }
    message.success('Тема создана');
    navigate(`/theme/${answer.theme.id}`);
  };

  return (
    <Form<ThemeFormValues>
      form={form}
      className="edit-form"
      layout="vertical"
      initialValues={themeFormValues(theme)}
      onFinish={(values) => void save(values).catch(() => undefined)}
    >
      <Form.Item
        name="name"
        label="Название"
        extra={`Пустое название — «${THEME_NAME_DEFAULT}»`}
        {...fieldErrors('name')}
      >
        <Input autoFocus maxLength={THEME_NAME_MAX} placeholder="Название темы" />
      </Form.Item>
      <Form.Item label="Признаки">
        <div className="theme-edit__flags">
          {THEME_FLAG_FIELDS.map(({ field, label }) => (
            <Form.Item key={field} name={field} valuePropName="checked" noStyle>
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
        </div>
      </Form.Item>
      <EditFormButtons saving={pending} cancelTo={theme ? `/theme/${theme.id}` : '/themes'} />
    </Form>
  );
}

/** /theme/{id}/edit and /theme/edit (a new theme): name and flags, saved by «Сохранить». */
export function ThemeEditPage() {
  const param = useParams().id;
  const id = param === undefined ? null : Number(param);
  const detail = useThemeDetail(id ?? 0);
  const can = useCan();
  usePageTitle(PAGE_TITLES['theme-id-edit']);
  const allowed = id === null ? can('CREATE_THEME') : can('EDIT_THEME');

  return (
    <EditPageShell
      id={id}
      allowed={allowed}
      forbidden="Недостаточно прав для редактирования темы"
      query={detail}
      texts={{
        missing: 'Тема не найдена',
        failed: 'Не удалось загрузить тему',
        back: 'К списку тем',
        backTo: '/themes',
      }}
      rows={6}
      heading={(theme) => (theme ? `Редактирование темы «${theme.name}»` : 'Новая тема')}
    >
      {(theme) => <ThemeForm key={theme?.id ?? 'new'} theme={theme} />}
    </EditPageShell>
  );
}
