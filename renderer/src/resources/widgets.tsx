import { Input } from 'antd';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * Field inputs the engine does not draw itself: the file picker (image, file and media fields) and the rich-text
 * editor are features built on the engine (features/files, features/editor), so the app hands them in
 * (`FieldWidgetsContext.Provider` in app/Root) instead of the engine importing a layer above it. Without a provider
 * (a unit test of a form) the plain inputs below stand in.
 */
export interface FieldWidgets {
  FilePicker: ComponentType<{
    id?: string;
    disabled?: boolean;
    'aria-label'?: string;
    value?: string;
    onChange?: (url?: string) => void;
    accept?: 'image' | 'file' | 'media';
  }>;
  RichText: ComponentType<{ id?: string; disabled?: boolean; 'aria-label'?: string; value?: string; onChange?: (html: string) => void; minHeight?: number }>;
  /** A list cell's picture of an image field. */
  Thumb: ComponentType<{ url?: string; height?: number }>;
}

const plain: FieldWidgets = {
  FilePicker: ({ onChange, accept: _accept, value, ...rest }) => <Input {...rest} value={value ?? ''} onChange={(e) => onChange?.(e.target.value || undefined)} />,
  RichText: ({ onChange, minHeight: _minHeight, value, ...rest }) => <Input.TextArea {...rest} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />,
  Thumb: ({ url }) => <span>{url ?? ''}</span>,
};

export const FieldWidgetsContext = createContext<FieldWidgets>(plain);

export const useFieldWidgets = () => useContext(FieldWidgetsContext);

/** The picture of an image field in a list cell (a component, so the columns can be built outside React). */
export function FieldThumb(props: { url?: string; height?: number }) {
  const { Thumb } = useFieldWidgets();
  return <Thumb {...props} />;
}
