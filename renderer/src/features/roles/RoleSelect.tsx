import { Select } from 'antd';
import type { RoleName } from '../../../../shared/permissions';
import { currentUi } from '../../resources/labels';
import { useRoles } from './api';

/** A role's name in the interface language (the answer's object, or its JSON text). */
export function roleNameText(name: RoleName | string | null | undefined): string {
  let value: unknown = name;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return value as string;
    }
  }
  if (!value || typeof value !== 'object') return '';
  const n = value as Partial<RoleName>;
  return (currentUi() === 'en' ? n['en-US'] : n['vi-VN']) || n['vi-VN'] || '';
}

export interface RoleSelectProps {
  id?: string;
  value?: unknown;
  onChange?(roleId: number): void;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
  size?: 'small' | 'middle';
  /** Shown until the roles are read (the row's own role name). */
  fallback?: string;
}

/** A website member's role: every role (administrators read them), by name in the interface language. */
export function RoleSelect({ id, value, onChange, disabled, size, fallback, ...rest }: RoleSelectProps) {
  const { data, isLoading } = useRoles();
  const roles = data ?? [];
  const options = roles.map((role) => ({ value: role.id, label: roleNameText(role.name) }));
  const current = value === undefined || value === null || value === '' ? undefined : Number(value);
  if (current !== undefined && !options.some((o) => o.value === current) && fallback) options.push({ value: current, label: fallback });
  return (
    <Select<number>
      id={id}
      size={size}
      style={{ minWidth: 160 }}
      loading={isLoading}
      disabled={disabled}
      value={current}
      onChange={(roleId) => onChange?.(roleId)}
      options={options}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}
