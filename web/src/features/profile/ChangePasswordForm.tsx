import { Alert, Button, Form } from 'antd';
import Password from 'antd/es/input/Password';
import { isApiError } from '../../api/api-error.ts';
import { useChangePassword } from '../../api/password-reset.ts';
import { PROFILE_PASSWORD_TEXTS as T } from './password-texts.ts';

interface ChangePasswordValues {
  old_password: string;
  password: string;
  password2: string;
}

const FIELDS = ['old_password', 'password', 'password2'] as const;

/** «Сменить пароль» on /profile: the server checks the current password; other sessions end. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [form] = Form.useForm<ChangePasswordValues>();
  const error = isApiError(change.error) ? change.error : null;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    error?.field === name ? { validateStatus: 'error' as const, help: error.message } : {};
  const generalError = error && !FIELDS.some((f) => f === error.field) ? error.message : null;

  return (
    <section className="change-password" aria-label={T.heading}>
      <h2>{T.heading}</h2>
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        name="change-password"
        requiredMark={false}
        style={{ maxWidth: 400 }}
        disabled={change.isPending}
        onValuesChange={() => change.isError && change.reset()}
        onFinish={(values) =>
          change.mutate(values, {
            onSuccess: () => form.resetFields(),
          })
        }
      >
        <Form.Item
          label={T.oldPassword}
          name="old_password"
          rules={[{ required: true, message: T.oldRequired }]}
          {...fieldError('old_password')}
        >
          <Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={T.newPassword}
          name="password"
          rules={[
            { required: true, message: T.newRequired },
            { min: T.minLength, message: T.tooShort },
          ]}
          {...fieldError('password')}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={T.repeat}
          name="password2"
          dependencies={['password']}
          rules={[
            { required: true, message: T.repeatRequired },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('password')) throw new Error(T.mismatch);
              },
            }),
          ]}
          {...fieldError('password2')}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {T.submit}
        </Button>
      </Form>
      {change.isSuccess && (
        <Alert type="success" showIcon title={T.done} role="status" style={{ marginTop: 12 }} />
      )}
      {generalError && (
        <Alert type="error" showIcon title={generalError} role="alert" style={{ marginTop: 12 }} />
      )}
    </section>
  );
}
