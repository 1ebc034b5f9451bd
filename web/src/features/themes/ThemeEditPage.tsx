import './themes.css';
import {
  THEME_NAME_DEFAULT,
  THEME_NAME_MAX,
  type ThemeDetail,
  themeNameOrDefault,
} from '@monitoring/contracts';
import { App, Button, Checkbox, Form, Input, Result, Skeleton, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCreateThemeWithFields, useThemeDetail, useUpdateTheme } from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
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
  const { message } = App.useApp();
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
      className="theme-edit"
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
      <Space className="theme-edit__buttons">
        <Button type="primary" htmlType="submit" loading={pending}>
          Сохранить
        </Button>
        <Link to={theme ? `/theme/${theme.id}` : '/themes'}>
          <Button>Отмена</Button>
        </Link>
      </Space>
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

  if (!allowed) {
    return (
      <Result
        status="403"
        title="Недостаточно прав для редактирования темы"
        extra={<Link to="/themes">К списку тем</Link>}
      />
    );
  }
  if (id !== null && (!Number.isInteger(id) || id <= 0 || detail.isError)) {
    const missing = !detail.isError || (isApiError(detail.error) && detail.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? 'Тема не найдена' : 'Не удалось загрузить тему'}
        subTitle={missing ? undefined : detail.error?.message}
        extra={<Link to="/themes">К списку тем</Link>}
      />
    );
  }
  if (id !== null && detail.isPending) {
    return (
      <section className="page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </section>
    );
  }
  const theme = id === null ? null : (detail.data ?? null);
  return (
    <section className="page">
      <PageHeading>{theme ? `Редактирование темы «${theme.name}»` : 'Новая тема'}</PageHeading>
      <ThemeForm key={theme?.id ?? 'new'} theme={theme} />
    </section>
  );
}
