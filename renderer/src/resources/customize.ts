import type { ReactNode } from 'react';
import type { FieldInputProps } from './FieldInput';

/**
 * For screens that are mostly generic but differ in a field, so they keep the whole engine (tabs, validation
 * summary, conflict dialog, Ctrl+S, unsaved guard): a field's own input in place of the generic one (a tree
 * parent picker, an alphabet select per language, a remote news search). It gets what the generic input gets,
 * plus the language of a per-language copy. (Records with another wire form: `WireAdapter` of useResourceForm.)
 */
export type FieldInputOverride = (props: FieldInputProps & { languageId?: string }) => ReactNode;
export type FieldInputs = Partial<Record<string, FieldInputOverride>>;

