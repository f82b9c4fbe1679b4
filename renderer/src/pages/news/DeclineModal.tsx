import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Words of a reason popup other than declining (cancelling a booking, rejecting a collaborator). */
export interface ReasonWords {
  title: string;
  label: string;
  send: string;
  required: string;
}

/**
 * Decline popup (spec: 400x200): the reason prompt as its title, a multi-line reason (required: 'Lý do là
 * trường bắt buộc', in the interface language) and a send button. `onSend` makes the call; the popup closes when
 * it succeeds. The same popup asks any other reason (`words`). `subject` names the record decided on, so the
 * reviewer sees which one they decline.
 */
export function DeclineModal({ open, onSend, onCancel, words, subject }: { open: boolean; onSend(reason: string): Promise<unknown>; onCancel(): void; words?: ReasonWords; subject?: string }) {
  const { t } = useTranslation('news');
  const w = words ?? { title: t('decline.title'), label: t('decline.reason'), send: t('decline.send'), required: t('decline.required') };
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
      title={w.title}
      width={400}
      destroyOnHidden
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      footer={
        <Button type="primary" loading={sending} onClick={() => void send().catch(() => undefined)}>
          {w.send}
        </Button>
      }
    >
      {subject && (
        <Typography.Paragraph strong ellipsis={{ rows: 2, tooltip: subject }} data-testid="decline-subject">
          {subject}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="declineReason"
          label={w.label}
          rules={[{ validator: (_, v: unknown) => (typeof v === 'string' && v.trim() ? Promise.resolve() : Promise.reject(new Error(w.required))) }]}
          required
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
