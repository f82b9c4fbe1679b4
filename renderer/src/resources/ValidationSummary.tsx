import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Forms block submission and show a validation summary (spec, section 5): every message of the failed
 * submit; choosing one switches to its language tab and focuses the field.
 */
export interface SummaryItem {
  /** Form field name (`name-{languageId}` for per-language fields). */
  name: string;
  message: string;
}

export function ValidationSummary({ items, onPick }: { items: readonly SummaryItem[]; onPick(name: string): void }) {
  const { t } = useTranslation('resources');
  if (!items.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="validation-summary"
      style={{ marginBottom: 16 }}
      message={t('validationTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {items.map((item) => (
            <li key={`${item.name}:${item.message}`}>
              <Typography.Link onClick={() => onPick(item.name)}>{item.message}</Typography.Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
