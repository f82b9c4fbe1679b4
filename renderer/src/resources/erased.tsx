import { Tag } from 'antd';
import { l } from '../../../shared/resources/define';
import { ERASED } from '../../../shared/resources/personal';
import { currentUi } from './labels';

/**
 * What an erased personal value (issue 40: ERASED, shared/resources/personal.ts) shows in the console: "Đã xoá" /
 * "Erased", never the marker's raw text. Kept here, not in a lazily loaded namespace, so every list cell has it.
 */
export const ERASED_LABEL = l('Đã xoá', 'Erased');

export const isErased = (value: unknown): boolean => value === ERASED;

export function ErasedValue() {
  return (
    <Tag bordered={false} data-testid="erased-value">
      {ERASED_LABEL[currentUi()]}
    </Tag>
  );
}
