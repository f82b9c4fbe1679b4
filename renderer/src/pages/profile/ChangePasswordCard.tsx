import { Button, Card, Form, Input, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cmsApi } from '../../api/client';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * /profile, "Đổi mật khẩu" (issue 39): `PUT /api/Me/password { currentPassword, newPassword }`. The server checks the
 * policy and the current password (its message names the field, shown under it); the other sessions of the account
 * end, this one stays.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await cmsApi.put('/Me/password', { currentPassword: values.currentPassword, newPassword: values.newPassword }, { quietStatuses: [400] });
      form.resetFields();
      void message.success(t('profile.passwordChanged'));
    } catch (failure) {
      const data = (failure as { data?: { field?: string; Message?: string } }).data;
      const field = data?.field === 'currentPassword' || data?.field === 'newPassword' ? data.field : 'newPassword';
      if (data?.Message) form.setFields([{ name: field, errors: [data.Message] }]);
    } finally {
      setBusy(false);
    }
  };

  const required = (label: string) => ({ required: true, message: t('profile.required', { field: label }) });
  return (
    <Card title={t('profile.changePassword')} data-testid="change-password">
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
        <Form.Item name="currentPassword" label={t('profile.currentPassword')} rules={[required(t('profile.currentPassword'))]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('profile.newPassword')} extra={t('profile.passwordHelp')} rules={[required(t('profile.newPassword'))]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('profile.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            required(t('profile.confirmPassword')),
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('profile.passwordMismatch')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('profile.submitPassword')}
        </Button>
      </Form>
    </Card>
  );
}
