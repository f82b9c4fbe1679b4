import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// Tiptap and ProseMirror are heavy: their chunk is fetched only when a form shows a rich-text field.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export interface RichTextFieldProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** Height of the editing area in pixels (it grows with the content). Default 240. */
  minHeight?: number;
  /** Put on the editing area, so a Form.Item label focuses it and a validation summary can jump to it. */
  id?: string;
  /** Accessible name of the editing area (the field label). */
  'aria-label'?: string;
}

/** Rich-text form control (antd Form compatible): `<Form.Item name="content"><RichTextField /></Form.Item>`. */
export default function RichTextField(props: RichTextFieldProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: Math.max(3, Math.round((props.minHeight ?? 240) / 40)) }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
