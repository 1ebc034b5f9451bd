import { type LoginBody, loginBody } from '@monitoring/contracts';
import { Alert, Button, Form } from 'antd';
// The field and the password field alone: antd's Input barrel brings TextArea, OTP and Search too.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useLogin } from '../../api/auth.ts';
import { landingHref, safeNext } from '../../lib/landing.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { schemaRule } from './field-rules.ts';
import { AUTH_TEXTS } from './texts.ts';

/** The server's words for a refused login (400 wrong credentials, 429 too many tries). */
function loginErrorText(error: unknown): string | null {
  if (!isApiError(error) || error.isNetworkError) return null;
  return error.message;
}

export function LoginPage() {
  usePageTitle(PAGE_TITLES.login);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const errorText = loginErrorText(login.error);

  const onFinish = (values: LoginBody) => {
    login.mutate(loginBody.parse(values), {
      onSuccess: (user) => navigate(safeNext(search) ?? landingHref(user), { replace: true }),
    });
  };

  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{AUTH_TEXTS.loginHeading}</h1>
      <Form<LoginBody>
        layout="vertical"
        name="login"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => login.error && login.reset()}
        disabled={login.isPending}
      >
        <Form.Item label={AUTH_TEXTS.username} name="username" rules={[schemaRule(loginBody.shape.username)]}>
          <Input autoFocus autoComplete="username" autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item label={AUTH_TEXTS.password} name="password" rules={[schemaRule(loginBody.shape.password)]}>
          <Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {AUTH_TEXTS.submit}
        </Button>
      </Form>
      {errorText && (
        <Alert className="auth-card__error" type="error" showIcon title={errorText} role="alert" />
      )}
      <p className="auth-card__footer">
        <Link to="/reset-password">{AUTH_TEXTS.forgotPassword}</Link>
      </p>
    </div>
  );
}
