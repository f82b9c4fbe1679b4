import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Input, theme } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { authHttp, errorMessage } from '../../api/client';

/**
 * /reset-password?token=… (issue 39), reachable without signing in: the page a password reset link opens. The new
 * password twice, sent with the link's token (`POST /auth/password-reset { token, newPassword }`); the server says
 * what the policy refuses, or that the link was used or has expired. Built like the sign-in page (no antd Form), so
 * it stays as light.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const resetToken = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(resetToken ? null : t('resetPassword.missingToken'));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('resetPassword.required'));
    if (password !== confirm) return setError(t('resetPassword.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await authHttp.post('/password-reset', { token: resetToken, newPassword: password }, { quiet: true });
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const label = (id: string, text: string) => (
    <label htmlFor={id} style={{ display: 'block', margin: `${token.marginSM}px 0 ${token.marginXS}px` }}>
      {text}
    </label>
  );
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: token.colorBgLayout }}>
      <section style={{ width: '100%', maxWidth: 420, padding: token.paddingLG, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}>
        <h1 style={{ textAlign: 'center', marginTop: 0, fontSize: token.fontSizeHeading3 }}>{t('resetPassword.title')}</h1>
        {done ? (
          <>
            <Alert type="success" showIcon message={t('resetPassword.done')} role="status" style={{ marginBottom: token.marginLG }} />
            <Link to="/login">{t('resetPassword.toLogin')}</Link>
          </>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('resetPassword.title')}>
            {label('reset_password', t('resetPassword.newPassword'))}
            <Input.Password id="reset_password" size="large" prefix={<LockOutlined />} autoComplete="new-password" value={password} disabled={busy || !resetToken} onChange={(e) => setPassword(e.target.value)} autoFocus />
            {label('reset_confirm', t('resetPassword.confirmPassword'))}
            <Input.Password id="reset_confirm" size="large" prefix={<LockOutlined />} autoComplete="new-password" value={confirm} disabled={busy || !resetToken} onChange={(e) => setConfirm(e.target.value)} />
            <p style={{ color: token.colorTextSecondary }}>{t('resetPassword.help')}</p>
            {error ? <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: token.marginLG }} /> : null}
            <Button type="primary" htmlType="submit" block size="large" loading={busy} disabled={!resetToken}>
              {t('resetPassword.submit')}
            </Button>
            <div style={{ marginTop: token.marginSM, textAlign: 'center' }}>
              <Link to="/login">{t('resetPassword.toLogin')}</Link>
            </div>
          </form>
        )}
      </section>
    </main>
  );
}
