import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, QRCode, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cmsApi } from '../../api/client';
import { useSession } from '../../session';

type Stage = { kind: 'idle' } | { kind: 'setup'; secret: string; otpauthUrl: string } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

/** The answer's field, in the envelope's `data` or at its top (server/auth/two-factor-routes.ts answers both). */
const field = <T,>(body: Record<string, unknown>, name: string): T => ((body.data as Record<string, unknown> | undefined)?.[name] ?? body[name]) as T;

/**
 * The second factor of one's own account (docs/api.md "The second factor"), on /profile and as the enrolment an
 * administrator must go through when the server requires it (REQUIRE_2FA_FOR_ADMINS: `onEnabled`).
 *  - Off: "Set up" asks the server for a new secret, shown as a QR code for the authenticator app (antd's QRCode; the
 *    secret as text too, to type in), then a first code confirms it.
 *  - Just enabled: the ten recovery codes, shown this once, with a copy button.
 *  - On: turning it off asks for the password and a code (or a recovery code).
 * The server's refusals (a wrong code, a wrong password) come as its notices.
 */
export default function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [enabled, setEnabled] = useState(Boolean(user?.twoFactor));
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // shown by the API client as a notice
    } finally {
      setBusy(false);
    }
  };

  const setup = () =>
    run(async () => {
      const { data } = await cmsApi.post<Record<string, unknown>>('/Me/2fa/setup');
      setCode('');
      setStage({ kind: 'setup', secret: field(data, 'secret'), otpauthUrl: field(data, 'otpauthUrl') });
    });

  const enable = () =>
    run(async () => {
      const { data } = await cmsApi.post<Record<string, unknown>>('/Me/2fa/enable', { code: code.trim() });
      setEnabled(true);
      setCopied(false);
      setStage({ kind: 'codes', codes: field(data, 'recoveryCodes') });
    });

  const disable = () =>
    run(async () => {
      await cmsApi.post('/Me/2fa/disable', { password, code: code.trim() });
      setEnabled(false);
      setPassword('');
      setCode('');
      setStage({ kind: 'idle' });
    });

  const copy = (codes: string[]) => navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true), () => undefined);

  return (
    <Card
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('twoFactor.title')}
          <Tag color={enabled ? 'green' : 'default'} data-testid="two-factor-state">
            {enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Tag>
        </Space>
      }
    >
      {stage.kind === 'idle' && !enabled ? (
        <Space direction="vertical">
          <Typography.Text>{t('twoFactor.about')}</Typography.Text>
          <Button type="primary" onClick={setup} loading={busy}>
            {t('twoFactor.setup')}
          </Button>
        </Space>
      ) : null}

      {stage.kind === 'setup' ? (
        <Space direction="vertical" size="middle">
          <Typography.Text>{t('twoFactor.scan')}</Typography.Text>
          <QRCode value={stage.otpauthUrl} size={192} />
          <Typography.Text>
            {t('twoFactor.secret')}: <Typography.Text code copyable data-testid="two-factor-secret">{stage.secret}</Typography.Text>
          </Typography.Text>
          <Space>
            <Input aria-label={t('twoFactor.code')} placeholder={t('twoFactor.code')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" maxLength={6} style={{ width: 160 }} onPressEnter={enable} />
            <Button type="primary" onClick={enable} loading={busy} disabled={!/^\d{6}$/.test(code.trim())}>
              {t('twoFactor.confirm')}
            </Button>
            <Button onClick={() => setStage({ kind: 'idle' })}>{t('twoFactor.cancel')}</Button>
          </Space>
        </Space>
      ) : null}

      {stage.kind === 'codes' ? (
        <Space direction="vertical" size="middle">
          <Alert type="warning" showIcon message={t('twoFactor.codesOnce')} />
          <pre data-testid="recovery-codes" style={{ margin: 0 }}>
            {stage.codes.join('\n')}
          </pre>
          <Space>
            <Button icon={<CopyOutlined />} onClick={() => void copy(stage.codes)}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
            </Button>
            <Button type="primary" onClick={() => (onEnabled ? onEnabled() : setStage({ kind: 'idle' }))}>
              {t('twoFactor.done')}
            </Button>
          </Space>
        </Space>
      ) : null}

      {stage.kind === 'idle' && enabled ? (
        <Space direction="vertical">
          <Typography.Text>{t('twoFactor.isOn')}</Typography.Text>
          <Button danger onClick={() => setStage({ kind: 'disable' })}>
            {t('twoFactor.disable')}
          </Button>
        </Space>
      ) : null}

      {stage.kind === 'disable' ? (
        <Space direction="vertical" size="middle">
          <Input.Password aria-label={t('twoFactor.password')} placeholder={t('twoFactor.password')} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" style={{ width: 260 }} />
          <Input aria-label={t('twoFactor.codeOrRecovery')} placeholder={t('twoFactor.codeOrRecovery')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" style={{ width: 260 }} />
          <Space>
            <Button danger type="primary" onClick={disable} loading={busy} disabled={!password || !code.trim()}>
              {t('twoFactor.disable')}
            </Button>
            <Button onClick={() => setStage({ kind: 'idle' })}>{t('twoFactor.cancel')}</Button>
          </Space>
        </Space>
      ) : null}
    </Card>
  );
}
