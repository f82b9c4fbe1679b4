import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';

/** The words of a reason dialog (from the move's declaration: ./useMoves.tsx). */
export interface ReasonWords {
  /** The prompt, naming the record when the declaration does ("Huỷ lịch hẹn của Nguyễn Văn A"). */
  title: string;
  label: string;
  send: string;
  required: string;
}

/** The longest reason the server keeps (shared/resources/machine.ts, `Move.reason`). */
const MAX_REASON = 2000;

/**
 * The reason a move needs (decline, cancel a booking, reject a collaborator), spec: 400x200: the prompt as its title,
 * a multi-line reason (required, in the interface language) and a send button. `onSend` makes the call; the dialog
 * closes when it succeeds and stays open, with what was typed, when it fails. `subject` names the record when the
 * title does not, so the user sees which one they decide on.
 */
export function ReasonDialog({ open, words, subject, onSend, onCancel }: { open: boolean; words: ReasonWords; subject?: string; onSend(reason: string): Promise<unknown>; onCancel(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [sending, setSending] = useState(false);

  async function send() {
    const { reason } = await form.validateFields();
    setSending(true);
    try {
      await onSend(reason.trim());
      form.resetFields();
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title={words.title}
      width={400}
      destroyOnHidden
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      footer={
        <Button type="primary" loading={sending} onClick={() => void send().catch(() => undefined)}>
          {words.send}
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
          name="reason"
          label={words.label}
          rules={[{ validator: (_, v: unknown) => (typeof v === 'string' && v.trim() ? Promise.resolve() : Promise.reject(new Error(words.required))) }]}
          required
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={MAX_REASON} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
