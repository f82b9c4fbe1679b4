import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { ProForm, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { Alert, Button, Card, Descriptions, Form, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppInfo, EnvironmentProfile, Platform } from '../../../platform';
import { serviceBasesSchema } from '../../../../shared/ipc/contract';
import { errorMessage, setServiceBases } from '../../api/client';
import { notifySuccess } from '../../core/notices';
import { useUnsavedGuard } from '../../resources/unsavedGuard';
import { isAdmin } from '../../../../shared/roles';
import { platform as appPlatform, useSession } from '../../session';
import { RetentionCard } from './RetentionCard';

const SERVICES = ['auth', 'core', 'push', 'api', 'his'] as const;
type Service = (typeof SERVICES)[number];
type Bases = Record<Service, string>;
type FormValues = Bases & { preset: string };

/** The contract's own rule (what main accepts): an absolute http(s) URL. */
const isServiceUrl = (value: string) => serviceBasesSchema.shape.auth.safeParse(value).success;
const basesOf = (values: Partial<Bases>): Bases =>
  Object.fromEntries(SERVICES.map((s) => [s, (values[s] ?? '').trim().replace(/\/+$/, '')])) as Bases;
const sameBases = (a: Bases, b: Bases) => SERVICES.every((s) => a[s] === b[s]);
const origins = (bases: Bases) => SERVICES.map((s) => (isServiceUrl(bases[s]) ? new URL(bases[s]).origin : bases[s])).join(' ');
/** The preset these bases are, or `custom`. */
const presetOf = (bases: Bases, presets: EnvironmentProfile[]) => presets.find((p) => sameBases(basesOf(p), bases))?.name ?? 'custom';

interface Loaded {
  saved: EnvironmentProfile;
  presets: EnvironmentProfile[];
  info: AppInfo | null;
}

/**
 * /settings: the environment profile (service base URLs), in the desktop app what app this is, and for administrators
 * how long personal data stays (./RetentionCard.tsx).
 */
export default function SettingsPage() {
  const { user } = useSession();
  return <SettingsScreen platform={appPlatform} admin={isAdmin(user)} />;
}

export function SettingsScreen({ platform, admin = false }: { platform: Pick<Platform, 'environment' | 'appInfo'>; admin?: boolean }) {
  const { t } = useTranslation('settings');
  const { environment } = platform;
  const [form] = Form.useForm<FormValues>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloadNeeded, setReloadNeeded] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([environment.current(), environment.presets(), platform.appInfo().catch(() => null)]).then(
      ([saved, presets, info]) => live && setLoaded({ saved, presets, info }),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [environment, platform]);

  const isDirty = useCallback(() => {
    if (!loaded || !environment.editable) return false;
    return !sameBases(basesOf(form.getFieldsValue(SERVICES as unknown as Service[])), basesOf(loaded.saved));
  }, [environment.editable, form, loaded]);
  useUnsavedGuard(isDirty, t('title'));

  const valuesOf = (profile: EnvironmentProfile, presets: EnvironmentProfile[]): FormValues => ({
    ...basesOf(profile),
    preset: profile.name === 'custom' ? 'custom' : presetOf(basesOf(profile), presets),
  });

  const save = async (values: FormValues) => {
    if (!loaded) return;
    setSaving(true);
    try {
      const bases = basesOf(values);
      const saved = await environment.save({ name: presetOf(bases, loaded.presets), ...bases });
      // The API clients use the new bases from the next request on.
      setServiceBases(basesOf(saved));
      if (origins(basesOf(saved)) !== origins(basesOf(loaded.saved))) setReloadNeeded(true);
      setLoaded({ ...loaded, saved });
      form.setFieldsValue(valuesOf(saved, loaded.presets));
      notifySuccess(t('environment.saved'));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const presetLabel = (name: string) => t(`environment.presets.${name}`, { defaultValue: name });
  const urlRules = [
    { required: true, whitespace: true, message: t('environment.required') },
    {
      validator: (_: unknown, value: unknown) =>
        typeof value !== 'string' || !value.trim() || isServiceUrl(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('environment.invalidUrl'))),
    },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card title={t('environment.title')}>
        <Spin spinning={!loaded && !failure}>
          <Typography.Paragraph type="secondary">{t('environment.intro')}</Typography.Paragraph>
          {!environment.editable && <Alert type="info" showIcon message={t('environment.readOnly')} style={{ marginBottom: 16 }} data-testid="environment-read-only" />}
          {failure && <Alert type="error" showIcon message={failure} closable onClose={() => setFailure(null)} style={{ marginBottom: 16 }} />}
          {reloadNeeded && (
            <Alert
              type="warning"
              showIcon
              message={t('environment.reloadNote')}
              action={
                <Button size="small" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
                  {t('environment.reload')}
                </Button>
              }
              style={{ marginBottom: 16 }}
            />
          )}
          {loaded && (
            <ProForm<FormValues>
              name="environment"
              form={form}
              layout="vertical"
              readonly={!environment.editable}
              initialValues={valuesOf(loaded.saved, loaded.presets)}
              onValuesChange={(changed: Partial<FormValues>, all: FormValues) => {
                if (changed.preset) {
                  const preset = loaded.presets.find((p) => p.name === changed.preset);
                  if (preset) form.setFieldsValue(basesOf(preset));
                } else {
                  form.setFieldValue('preset', presetOf(basesOf(all), loaded.presets));
                }
              }}
              onFinish={save}
              submitter={
                environment.editable && {
                  render: () => (
                    <Space>
                      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
                        {t('environment.save')}
                      </Button>
                      <Button icon={<UndoOutlined />} disabled={saving} onClick={() => form.setFieldsValue(valuesOf(loaded.saved, loaded.presets))}>
                        {t('environment.reset')}
                      </Button>
                    </Space>
                  ),
                }
              }
            >
              <ProFormRadio.Group
                name="preset"
                label={t('environment.preset')}
                radioType="button"
                extra={environment.editable ? t('environment.presetHint') : undefined}
                options={[
                  ...loaded.presets.map((p) => ({ value: p.name, label: presetLabel(p.name) })),
                  ...(environment.editable ? [{ value: 'custom', label: presetLabel('custom'), disabled: true }] : []),
                ]}
              />
              {SERVICES.map((service) => (
                <ProFormText key={service} name={service} label={t(`environment.${service}`)} rules={urlRules} fieldProps={{ inputMode: 'url', spellCheck: false, placeholder: 'https://…' }} />
              ))}
            </ProForm>
          )}
        </Spin>
      </Card>
      {loaded?.info && (
        <Card title={t('app.title')}>
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label={t('app.name')}>{loaded.info.name}</Descriptions.Item>
            <Descriptions.Item label={t('app.version')}>{loaded.info.version}</Descriptions.Item>
            <Descriptions.Item label={t('app.platform')}>{loaded.info.platform}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {admin && <RetentionCard />}
    </Space>
  );
}
