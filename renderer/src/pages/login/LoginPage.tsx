import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { session } from '../../session';

interface Credentials {
  username: string;
  password: string;
}

/**
 * /login (spec section 2): a form titled "Đăng nhập", username and password (both required),
 * Login button; Enter submits. A refusal (wrong password, too many attempts) shows the server's
 * message. On success the route guard sends the user back where they came from.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, password }: Credentials) => {
    setBusy(true);
    setError(null);
    try {
      await session.signIn(username.trim(), password);
    } catch (failure) {
      setError(errorMessage(failure) || t('login.failed'));
      setBusy(false);
    }
  };

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
      {/* Plain elements styled from the theme rather than Card/Typography: they would pull Tabs, Dropdown
          and Tooltip into the sign-in route, which has a 250 KB budget (tests/bench/signin-page.ts). */}
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
        <Form<Credentials> layout="vertical" requiredMark={false} onFinish={submit} disabled={busy} name="login">
          <Form.Item
            label={t('login.username')}
            name="username"
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {error ? <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </section>
    </main>
  );
}
