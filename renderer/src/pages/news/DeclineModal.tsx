import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Decline popup (spec: 400x200): the reason prompt as its title, a multi-line reason (required: 'Lý do là
 * trường bắt buộc') and a send button. `onSend` makes the call; the popup closes when it succeeds.
 */
export function DeclineModal({ open, onSend, onCancel }: { open: boolean; onSend(reason: string): Promise<unknown>; onCancel(): void }) {
  const { t } = useTranslation('news');
  const [form] = Form.useForm<{ declineReason: string }>();
  const [sending, setSending] = useState(false);

  async function send() {
    const { declineReason } = await form.validateFields();
    setSending(true);
    try {
      await onSend(declineReason.trim());
      form.resetFields();
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('decline.title')}
      width={400}
      destroyOnHidden
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      footer={
        <Button type="primary" loading={sending} onClick={() => void send().catch(() => undefined)}>
          {t('decline.send')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="declineReason"
          label={t('decline.reason')}
          rules={[{ validator: (_, v: unknown) => (typeof v === 'string' && v.trim() ? Promise.resolve() : Promise.reject(new Error('Lý do là trường bắt buộc'))) }]}
          required
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
