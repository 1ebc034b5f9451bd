import {
  DAILY_DASHBOARD_CODENAME_LABELS,
  DAILY_DASHBOARD_CODENAME_LIST,
  NAMED_PERMISSION_LABELS,
  NAMED_PERMISSIONS,
  type NamedPermission,
  PASSWORD_MIN_LENGTH,
  ROLE_IDS,
  ROLE_LABELS,
  type UserCreateBody,
  type UserItem,
} from '@monitoring/contracts';
import { Alert, Checkbox, Form, Input, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { useOrganizations } from '../../../api/organizations.ts';
import { usePermissionGroups, useUserWrites } from '../../../api/users.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { USERS_TEXTS as T } from './users-texts.ts';

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role: number;
  organization: number | null;
  password?: string;
  groups: number[];
  user_ui_permissions: NamedPermission[];
  daily_dashboard_permissions: DailyCodename[];
  is_active: boolean;
}

type DailyCodename = (typeof DAILY_DASHBOARD_CODENAME_LIST)[number];

const FORM_FIELDS = new Set<string>([
  'username',
  'first_name',
  'last_name',
  'email',
  'role',
  'organization',
  'password',
  'groups',
  'user_ui_permissions',
  'daily_dashboard_permissions',
  'is_active',
]);

function initialOf(user: UserItem | null): UserFormValues {
  if (!user) {
    return {
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      role: 3,
      organization: null,
      groups: [],
      user_ui_permissions: [],
      daily_dashboard_permissions: [],
      is_active: true,
    };
  }
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    organization: user.organization?.id ?? null,
    groups: user.groups.map((g) => g.id),
    user_ui_permissions: user.user_ui_permissions as NamedPermission[],
    daily_dashboard_permissions: user.daily_dashboard_permissions.map((d) => d.codename as DailyCodename),
    is_active: user.is_active,
  };
}

interface UserDialogProps {
  open: boolean;
  /** null: a new user. */
  user: UserItem | null;
  onClose: () => void;
}

/** «Создать пользователя» and the edit dialog; a 400 or 403 shows on the field the server names. */
export function UserDialog({ open, user, onClose }: UserDialogProps) {
  const [form] = Form.useForm<UserFormValues>();
  const { create, edit } = useUserWrites();
  const organizations = useOrganizations();
  const groups = usePermissionGroups();
  const mutation = user ? edit : create;
  const error = isApiError(mutation.error) ? mutation.error : null;
  const field = error?.field?.split('.')[0];
  const generalError = error && !(field && FORM_FIELDS.has(field)) ? error.message : null;

  useEffect(() => {
    if (error && field && FORM_FIELDS.has(field))
      form.setFields([{ name: field as keyof UserFormValues, errors: [error.message] }]);
  }, [error, field, form]);

  const close = () => {
    create.reset();
    edit.reset();
    onClose();
  };

  const submit = (values: UserFormValues) => {
    const { password, ...rest } = values;
    const body = {
      ...rest,
      email: rest.email ?? '',
      first_name: rest.first_name ?? '',
      last_name: rest.last_name ?? '',
    };
    const done = { onSuccess: close };
    if (user) {
      edit.mutate({ id: user.id, body: password ? { ...body, password } : body }, done);
    } else {
      create.mutate({ ...body, password: password ?? '', permissions: [] } as UserCreateBody, done);
    }
  };

  return (
    <FormDialog<UserFormValues>
      open={open}
      title={user ? T.editTitle(user.username) : T.createTitle}
      okText={user ? T.save : T.create}
      onClose={close}
      pending={mutation.isPending}
      form={form}
      initialValues={initialOf(user)}
      onFinish={submit}
      width={640}
      description={generalError && <Alert type="error" showIcon title={generalError} role="alert" />}
    >
      <Form.Item
        label={T.username}
        name="username"
        rules={[{ required: true, whitespace: true, message: T.usernameRequired }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label={T.lastName} name="last_name">
        <Input />
      </Form.Item>
      <Form.Item label={T.firstName} name="first_name">
        <Input />
      </Form.Item>
      <Form.Item label={T.email} name="email" rules={[{ type: 'email', message: T.emailInvalid }]}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label={T.role} name="role" rules={[{ required: true, message: T.roleRequired }]}>
        <Select options={ROLE_IDS.map((id) => ({ value: id, label: ROLE_LABELS[id] }))} />
      </Form.Item>
      <Form.Item label={T.organization} name="organization">
        <Select
          allowClear
          loading={organizations.isLoading}
          placeholder={T.noOrganization}
          options={organizations.data?.results.map((o) => ({ value: o.id, label: o.name }))}
        />
      </Form.Item>
      <Form.Item
        label={user ? T.newPassword : T.password}
        name="password"
        rules={[
          ...(user ? [] : [{ required: true, message: T.passwordRequired }]),
          { min: PASSWORD_MIN_LENGTH, message: T.passwordShort },
        ]}
        extra={user ? T.passwordHint : undefined}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={T.groups} name="groups">
        <Select
          mode="multiple"
          loading={groups.isLoading}
          options={groups.data?.results.map((g) => ({ value: g.id, label: g.name }))}
        />
      </Form.Item>
      <Form.Item label={T.uiPermissions} name="user_ui_permissions">
        <Select
          mode="multiple"
          options={NAMED_PERMISSIONS.map((p) => ({ value: p, label: NAMED_PERMISSION_LABELS[p] }))}
        />
      </Form.Item>
      <Form.Item label={T.dailyDashboards} name="daily_dashboard_permissions">
        <Checkbox.Group
          options={DAILY_DASHBOARD_CODENAME_LIST.map((c) => ({
            value: c,
            label: DAILY_DASHBOARD_CODENAME_LABELS[c],
          }))}
        />
      </Form.Item>
      <Form.Item label={T.active} name="is_active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
