import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { StatusMachine } from '../../../../shared/resources/machine';
import type { Row } from '../dataProvider';
import { useMoves, type MovesProps } from './useMoves';

export interface StatusMovesProps extends Omit<MovesProps, 'machine'> {
  /** One machine of the definition (default: every machine it declares). */
  machine?: StatusMachine;
  /** Small icon buttons for a list row; otherwise labelled buttons for a detail page's bottom bar. */
  compact?: boolean;
}

/**
 * The decision buttons of a record: each move of the definition's status machines that the user could make, enabled
 * when they may make it now (else disabled, the reason as its tooltip), asking for a reason or a confirmation first.
 * News, Q&A and services review, booking moves, a collaborator's approval and locking.
 */
export function StatusMoves({ machine, ...props }: StatusMovesProps) {
  const machines = machine ? [machine] : (props.def.machines ?? []);
  return (
    // A flex gap, not Space: Space spaces its children (one per machine), and a machine's buttons touched each other.
    <Flex gap={props.compact ? 4 : 8} wrap={props.compact ? false : 'wrap'} align="center">
      {machines.map((m, i) => (
        <MachineMoves key={i} {...props} machine={m} />
      ))}
    </Flex>
  );
}

function MachineMoves({ compact, ...props }: MovesProps & { compact?: boolean }) {
  // The labels follow the interface language.
  useTranslation('resources');
  const { views, start, busy, dialog } = useMoves(props);
  const shown = views.filter((v) => v.shown);
  if (!shown.length) return null;
  return (
    <>
      {shown.map(({ move, label, reason }) => (
        <Tooltip key={move.name} title={reason ?? (compact ? label : undefined)}>
          <Button
            size={compact ? 'small' : 'middle'}
            type={compact ? 'text' : move.danger ? 'default' : 'primary'}
            danger={move.danger}
            icon={move.danger ? <CloseOutlined /> : <CheckOutlined />}
            aria-label={label}
            disabled={Boolean(reason)}
            loading={busy === move.name}
            onClick={() => start(move)}
            data-testid={`move-${move.name}`}
          >
            {compact ? null : label}
          </Button>
        </Tooltip>
      ))}
      {dialog}
    </>
  );
}

/**
 * A list's actions column with the record's moves in front of its own buttons (info, delete), as small icon buttons.
 */
export function withMoves(def: ResourceDef, actions: ProColumns<Row>, onMoved: () => void | Promise<unknown>, options: Pick<StatusMovesProps, 'unavailable' | 'machine'> = {}): ProColumns<Row> {
  return {
    ...actions,
    width: undefined,
    render: (dom, row, index, action, schema) => (
      <Flex gap={4} align="center">
        <StatusMoves def={def} record={row} onMoved={onMoved} compact {...options} />
        {actions.render?.(dom, row, index, action, schema) as ReactNode}
      </Flex>
    ),
  };
}
