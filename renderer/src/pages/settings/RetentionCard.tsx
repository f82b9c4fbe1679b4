import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, InputNumber, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_RETENTION_MONTHS,
  MIN_RETENTION_MONTHS,
  RETENTION_KINDS,
  type RetentionAnswer,
  type RetentionKind,
  type RetentionSetting,
} from '../../../../shared/privacy-retention';
import { ApiError, cmsApi, errorMessage } from '../../api/client';
import { formatDateTime } from '../../core/dates';
import { notifySuccess } from '../../core/notices';

type Values = Record<RetentionKind, number | null | undefined>;

const valuesOf = (kinds: RetentionSetting[]): Values =>
  Object.fromEntries(kinds.map((k) => [k.kind, k.days !== undefined ? undefined : k.months])) as Values;

/**
 * Settings, administrators only: how long personal data stays (GET/PUT /api/Privacy/retention, issue 40). One months
 * field per kind, empty for forever; when the retention task runs next and what its last run did. The server checks
 * every value (1..600 or empty); a refusal shows its message on the field it names.
 */
export function RetentionCard() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<RetentionAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    cmsApi.get<{ data: RetentionAnswer }>('/Privacy/retention', { quiet: true }).then(
      (res) => {
        if (live) setAnswer(res.data.data); // the form starts from it (initialValues)
      },
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async (values: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      const kinds = RETENTION_KINDS.map((kind) => ({ kind, months: values[kind] ?? null }))
        // Sign-in records kept by SIGN_IN_RETENTION_DAYS stay so while their field is left empty.
        .filter((k) => !(k.months === null && answer?.kinds.find((s) => s.kind === k.kind)?.days !== undefined));
      const res = await cmsApi.put<{ data: RetentionAnswer }>('/Privacy/retention', { kinds }, { quietStatuses: [400] });
      setAnswer(res.data.data);
      form.setFieldsValue(valuesOf(res.data.data.kinds));
      notifySuccess(t('retention.saved'));
    } catch (error) {
      const field = error instanceof ApiError ? (error.data as { field?: unknown } | undefined)?.field : undefined;
      const at = typeof field === 'string' ? /^kinds\.(\d+)\.months$/.exec(field) : null;
      const kind = at ? RETENTION_KINDS[Number(at[1])] : undefined;
      if (kind) form.setFields([{ name: kind, errors: [errorMessage(error)] }]);
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const last = answer?.lastRun;
  const placeholder = (s: RetentionSetting | undefined) =>
    s?.days !== undefined ? t('retention.envDays', { days: s.days }) : t('retention.forever');
  return (
    <Card title={t('retention.title')} data-testid="retention-card">
      <Spin spinning={!answer && !failure}>
        <Typography.Paragraph type="secondary">{t('retention.intro')}</Typography.Paragraph>
        {failure && <Alert type="error" showIcon message={failure} closable onClose={() => setFailure(null)} style={{ marginBottom: 16 }} data-testid="retention-error" />}
        {answer && (
          <Form<Values> form={form} name="retention" initialValues={valuesOf(answer.kinds)} layout="horizontal" labelCol={{ flex: '260px' }} labelWrap onFinish={save} disabled={saving}>
            {RETENTION_KINDS.map((kind) => {
              const setting = answer.kinds.find((k) => k.kind === kind);
              return (
                <Form.Item
                  key={kind}
                  name={kind}
                  label={t(`retention.kinds.${kind}`)}
                  extra={setting?.isDefault ? t('retention.isDefault') : undefined}
                  rules={[
                    {
                      validator: (_: unknown, v: unknown) =>
                        v === null || v === undefined || (Number.isInteger(v) && (v as number) >= MIN_RETENTION_MONTHS && (v as number) <= MAX_RETENTION_MONTHS)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('retention.invalid', { min: MIN_RETENTION_MONTHS, max: MAX_RETENTION_MONTHS }))),
                    },
                  ]}
                >
                  <InputNumber
                    min={MIN_RETENTION_MONTHS}
                    max={MAX_RETENTION_MONTHS}
                    precision={0}
                    step={1}
                    addonAfter={t('retention.months')}
                    placeholder={placeholder(setting)}
                    style={{ width: 220 }}
                    data-testid={`retention-${kind}`}
                  />
                </Form.Item>
              );
            })}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="retention-save">
                  {t('retention.save')}
                </Button>
                <Button icon={<UndoOutlined />} onClick={() => form.setFieldsValue(valuesOf(answer.kinds))}>
                  {t('retention.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        )}
        {answer && (
          <Descriptions column={1} bordered size="small" data-testid="retention-runs">
            <Descriptions.Item label={t('retention.nextRun')}>{formatDateTime(answer.nextRunAt)}</Descriptions.Item>
            <Descriptions.Item label={t('retention.lastRun')}>
              {last ? (
                <Space direction="vertical" size={4} data-testid="retention-last-run">
                  <Space wrap>
                    {formatDateTime(last.at)}
                    <Tag color={last.result === 'ok' ? 'green' : 'red'}>{t(`retention.result.${last.result}`)}</Tag>
                    {!last.complete && last.result === 'ok' && <Tag color="gold">{t('retention.incomplete')}</Tag>}
                  </Space>
                  <Typography.Text>
                    {RETENTION_KINDS.filter((k) => last.counts[k] !== undefined)
                      .map((k) => `${t(`retention.counted.${k}`)}: ${last.counts[k]}`)
                      .join(' · ') || t('retention.nothing')}
                  </Typography.Text>
                  {last.message && <Typography.Text type="danger">{last.message}</Typography.Text>}
                </Space>
              ) : (
                t('retention.never')
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
    </Card>
  );
}
