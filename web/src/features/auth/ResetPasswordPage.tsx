import { Alert, Button, Form } from 'antd';
// The field alone: antd's Input barrel brings TextArea, OTP and Search too (as on the login page).
import Input from 'antd/es/input/Input';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useRequestPasswordReset } from '../../api/password-reset.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { PASSWORD_TEXTS } from './password-texts.ts';
import { AUTH_TEXTS } from './texts.ts';

interface ResetForm {
  email: string;
}

/** The link of the reset mail: `?id=&token=`. */
function linkOf(params: URLSearchParams): { id: number; token: string } | null {
  const id = Number(params.get('id'));
  const token = params.get('token');
  return Number.isInteger(id) && id > 0 && token ? { id, token } : null;
}

export function ResetPasswordPage() {
  usePageTitle(PAGE_TITLES['reset-password']);
  const [params] = useSearchParams();
  const link = linkOf(params);
  if (link) {
    return (
      <div className="auth-card">
        <h1 className="auth-card__title">{PASSWORD_TEXTS.newHeading}</h1>
        <NewPasswordForm id={link.id} token={link.token} />
      </div>
    );
  }
  return <RequestResetForm />;
}

function RequestResetForm() {
  const reset = useRequestPasswordReset();
  const errorText = isApiError(reset.error) && !reset.error.isNetworkError ? reset.error.message : null;

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{AUTH_TEXTS.resetHeading}</h1>
      {reset.isSuccess ? (
        <Alert type="success" showIcon title={AUTH_TEXTS.resetSent} role="status" />
      ) : (
        <Form<ResetForm>
          layout="vertical"
          name="reset-password"
          requiredMark={false}
          onFinish={({ email }) => reset.mutate({ email: email.trim() })}
          disabled={reset.isPending}
        >
          <Form.Item
            label={AUTH_TEXTS.email}
            name="email"
            rules={[
              { required: true, whitespace: true, message: AUTH_TEXTS.emailRequired },
              { type: 'email', message: AUTH_TEXTS.emailInvalid },
            ]}
          >
            <Input type="email" autoFocus autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {AUTH_TEXTS.resetSubmit}
          </Button>
        </Form>
      )}
      {errorText && (
        <Alert className="auth-card__error" type="error" showIcon title={errorText} role="alert" />
      )}
      <p className="auth-card__footer">
        <Link to="/login">{AUTH_TEXTS.backToLogin}</Link>
      </p>
    </div>
  );
}
