import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Input, theme } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { UI_LANGUAGES } from '../../core/i18n';
import { usePreference } from '../../core/preferences';
import { session } from '../../session';

type Field = 'username' | 'password' | 'otp';

/** The server asked for the second factor (POST /auth/connect/token answered `mfa_required`). */
function mfaRequired(failure: unknown): boolean {
  // The API client's ApiError keeps the answer as `data` (an AxiosError, as `response.data`); the desktop app's main
  // process answers a DesktopError of code `mfa_required` (shared/ipc/errors.ts).
  const f = failure as { code?: unknown; data?: { error?: unknown }; response?: { data?: { error?: unknown } } } | null;
  return f?.code === 'mfa_required' || (f?.data ?? f?.response?.data)?.error === 'mfa_required';
}

/**
 * /login (spec section 2): a form titled "Đăng nhập", username and password (both required,
 * 'Username is required' / 'Password is required'), Login button; Enter submits. A refusal (wrong
 * password, too many attempts) shows the server's message. On success the route guard sends the
 * user back where they came from. With the second factor on, the server answers `mfa_required`: the form then asks
 * for the authenticator app's code (or a recovery code) and signs in with it.
 *
 * The page's language can be switched above the form (issue 42: a visitor who reads no Vietnamese): the interface
 * language preference, so the console keeps it after signing in; the server's refusals come in it too (the auth
 * calls send it as Accept-Language).
 *
 * Built from antd's Input, Button and Alert without antd's Form and Card: those pull rc-field-form,
 * async-validator, Tooltip, Tabs and Dropdown into the sign-in route, which has a 250 KB budget
 * (tests/bench/signin-page.ts). Two required fields do not need them.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '', otp: '' });
  const [askOtp, setAskOtp] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uiLanguage, setUiLanguage] = usePreference('uiLanguage');

  // Like antd forms: nothing is flagged before the first submit, then errors follow the input.
  const errors: Partial<Record<Field, string>> = submitted
    ? {
        username: values.username.trim() ? undefined : t('login.usernameRequired'),
        password: values.password ? undefined : t('login.passwordRequired'),
        otp: !askOtp || values.otp.trim() ? undefined : t('login.otpRequired'),
      }
    : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!values.username.trim() || !values.password) {
      document.getElementById(values.username.trim() ? 'login_password' : 'login_username')?.focus();
      return;
    }
    if (askOtp && !values.otp.trim()) {
      document.getElementById('login_otp')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.signIn(values.username.trim(), values.password, askOtp ? values.otp.trim() : undefined);
    } catch (failure) {
      if (mfaRequired(failure)) {
        // The password was right: now the code (a notice, not an error).
        setAskOtp(true);
        setSubmitted(false);
        setError(null);
        setBusy(false);
        setTimeout(() => document.getElementById('login_otp')?.focus(), 0);
        return;
      }
      setError(errorMessage(failure) || t('login.failed'));
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, control: ReactNode) => (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={`login_${name}`} style={{ display: 'block', marginBottom: token.marginXS, color: token.colorText }}>
        {label}
      </label>
      {control}
      <div id={`login_${name}_error`} aria-live="polite" style={{ color: token.colorError, minHeight: token.lineHeight * token.fontSize }}>
        {errors[name]}
      </div>
    </div>
  );

  const inputProps = (name: Field) => ({
    id: `login_${name}`,
    name,
    size: 'large' as const,
    value: values[name],
    disabled: busy,
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `login_${name}_error`,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        boxSizing: 'border-box',
        background: token.colorBgLayout,
      }}
    >
      <section
        style={{
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <nav aria-label={t('login.language')} style={{ display: 'flex', justifyContent: 'flex-end', gap: token.marginXS, marginBottom: token.marginXS }}>
          {UI_LANGUAGES.map((language) => (
            <Button
              key={language.id}
              type="link"
              size="small"
              lang={language.id.slice(0, 2)}
              aria-pressed={uiLanguage === language.id}
              disabled={uiLanguage === language.id}
              data-testid={`login-language-${language.id}`}
              onClick={() => {
                setUiLanguage(language.id);
                // A refusal shown in the other language is not repeated in this one: ask again.
                setError(null);
              }}
            >
              {language.label}
            </Button>
          ))}
        </nav>
        <div style={{ textAlign: 'center', color: token.colorPrimary, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, marginBottom: token.marginXS }} data-testid="product-name">
          {t('appName')}
        </div>
        <h1
          style={{
            textAlign: 'center',
            marginTop: 0,
            marginBottom: token.marginLG,
            color: token.colorTextHeading,
            fontSize: token.fontSizeHeading2,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {t('login.title')}
        </h1>
        <form onSubmit={submit} noValidate aria-label={t('login.title')}>
          {field('username', t('login.username'), <Input {...inputProps('username')} prefix={<UserOutlined />} autoComplete="username" autoFocus />)}
          {field('password', t('login.password'), <Input.Password {...inputProps('password')} prefix={<LockOutlined />} autoComplete="current-password" />)}
          {askOtp ? (
            <>
              <Alert type="info" showIcon message={t('login.otpHint')} style={{ marginBottom: token.marginLG }} />
              {field('otp', t('login.otp'), <Input {...inputProps('otp')} prefix={<SafetyOutlined />} autoComplete="one-time-code" inputMode="text" maxLength={64} />)}
            </>
          ) : null}
          {error ? <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: token.marginLG }} /> : null}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('login.submit')}
          </Button>
        </form>
      </section>
    </main>
  );
}
