import { Space, Table, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { LanguageRef } from '../../../../shared/resources/validate';
import { FieldThumb } from '../widgets';
import { useWorkspace } from '../../core/workspace';
import { changeLines, lineText, type ChangeLine, type ShownValue } from './changeView';
import { wordDiff, type HistoryChange } from './model';

/**
 * The changes of one history entry as the record's form shows them (./changeView.ts): the History panel's versions and
 * the audit log's entry drawer draw this table, the audit log's rows its summary. Each line: the field (its language)
 * before | after; long and rich text as a word diff of its words (stored HTML is never rendered); images as thumbnails.
 */
export interface ChangeViewProps {
  resource: string;
  def?: ResourceDef;
  operation: string;
  changes: readonly HistoryChange[];
  languages: readonly LanguageRef[];
}

/** The lines of an entry in the interface language (re-read when it changes: the hook's `t`) and the content language. */
function useLines({ resource, def, operation, changes, languages }: ChangeViewProps): ChangeLine[] {
  useTranslation(['history', 'audit']);
  const { language } = useWorkspace();
  return changeLines({ resource, def, operation, changes, languages, language });
}

export function ChangeView(props: ChangeViewProps) {
  const { t } = useTranslation('history');
  const lines = useLines(props);
  if (!lines.length) return <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>;
  return (
    <Table<ChangeLine>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={lines}
      data-testid="change-list"
      onRow={(line) => ({ 'data-field': line.field, 'data-language': line.language ?? '', 'data-testid': 'history-change' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'field',
          title: t('field'),
          width: 180,
          render: (_, line) => (
            <>
              {line.label}
              {line.languageName && <Typography.Text type="secondary"> ({line.languageName})</Typography.Text>}
            </>
          ),
        },
        { key: 'before', title: t('before'), render: (_, line) => <LineSide line={line} side="before" /> },
        { key: 'after', title: t('after'), render: (_, line) => <LineSide line={line} side="after" /> },
      ]}
    />
  );
}

/** One side of a line: the word diff of a long text (removed words struck on the left, added ones marked on the right), else its value. */
function LineSide({ line, side }: { line: ChangeLine; side: 'before' | 'after' }) {
  const { t } = useTranslation('history');
  const { token } = theme.useToken();
  const value: ShownValue = line[side];
  if (!value.text && !value.image) return <Typography.Text type="secondary" data-testid={`change-${side}`}>{t('emptyValue')}</Typography.Text>;
  if (line.diff) {
    const hidden = side === 'before' ? 'added' : 'removed';
    return (
      <div style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`history-diff-${side}`}>
        {wordDiff(line.diff.before, line.diff.after)
          .filter((p) => p.kind !== hidden)
          .map((p, i) =>
            p.kind === 'removed' ? (
              <del key={i} style={{ background: token.colorErrorBg, color: token.colorErrorText }}>
                {p.text}
              </del>
            ) : p.kind === 'added' ? (
              <ins key={i} style={{ background: token.colorSuccessBg, color: token.colorSuccessText, textDecoration: 'none' }}>
                {p.text}
              </ins>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
      </div>
    );
  }
  if (value.image) {
    // The lists' thumbnail of a stored image (the server's `?preset=thumb`; enlarged on a click), and its name.
    return (
      <Space size="small" data-testid={`change-${side}`}>
        <span data-testid="change-thumbnail">
          <FieldThumb url={value.image} height={40} />
        </span>
        <span style={{ wordBreak: 'break-word' }}>{value.text}</span>
      </Space>
    );
  }
  return (
    <span style={{ wordBreak: 'break-word' }} data-testid={`change-${side}`}>
      {value.text}
    </span>
  );
}

/** An audit row's changes in a line or three: "Trạng thái: Chờ duyệt → Đã duyệt" (the drawer shows them all). */
export function ChangeSummary(props: ChangeViewProps & { max?: number }) {
  const { t } = useTranslation('history');
  const lines = useLines(props);
  const max = props.max ?? 3;
  if (!lines.length) return null;
  return (
    <Typography.Paragraph style={{ margin: 0, maxWidth: 420 }} data-testid="change-summary">
      {lines.slice(0, max).map((line) => (
        <span key={line.key} style={{ display: 'block' }}>
          {lineText(line, 60)}
        </span>
      ))}
      {lines.length > max && <Typography.Text type="secondary">{t('moreChanges', { count: lines.length - max })}</Typography.Text>}
    </Typography.Paragraph>
  );
}
