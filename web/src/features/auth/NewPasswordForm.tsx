import { Alert, Button, Form } from 'antd';
import Password from 'antd/es/input/Password';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useConfirmPassword } from '../../api/password-reset.ts';
import { passwordRules, repeatRules } from './password-rules.ts';
import { PASSWORD_TEXTS } from './password-texts.ts';

interface NewPasswordValues {
  password: string;
  password2: string;
}

/** The page the reset mail links to: a new password and its repeat (confirm-password/{id}/{token}/). */
export function NewPasswordForm({ id, token }: { id: number; token: string }) {
  const confirm = useConfirmPassword();
  const [form] = Form.useForm<NewPasswordValues>();
  const error = isApiError(confirm.error) ? confirm.error : null;
  // A wrong, used or expired link is one message of the server (field `token`); a short password names `password`.
  const linkError = error && error.field !== 'password' ? error.message : null;

  if (confirm.isSuccess) {
    return (
      <>
        <Alert type="success" showIcon title={PASSWORD_TEXTS.resetDone} role="status" />
        <p className="auth-card__footer">
          <Link to="/login">{PASSWORD_TEXTS.toLogin}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        name="new-password"
        requiredMark={false}
        disabled={confirm.isPending}
        onFinish={({ password }) => confirm.mutate({ id, token, password })}
      >
        <Form.Item
          label={PASSWORD_TEXTS.newPassword}
          name="password"
          rules={passwordRules}
          validateStatus={error?.field === 'password' ? 'error' : undefined}
          help={error?.field === 'password' ? error.message : undefined}
        >
          <Password autoFocus autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={PASSWORD_TEXTS.repeat}
          name="password2"
          dependencies={['password']}
          rules={repeatRules}
        >
          <Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={confirm.isPending}>
          {PASSWORD_TEXTS.save}
        </Button>
      </Form>
      {linkError && (
        <Alert className="auth-card__error" type="error" showIcon title={linkError} role="alert" />
      )}
    </>
  );
}
