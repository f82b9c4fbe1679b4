import { Select } from 'antd';

/**
 * One filter of a list's toolbar (status, type, area, person…): its name as label and placeholder, clearable,
 * searchable by its options' labels when they are many (`search`).
 */
export function FilterSelect<V extends string | number | boolean>({
  label,
  placeholder = label,
  width,
  value,
  onChange,
  options,
  search,
  loading,
}: {
  label: string;
  /** When the box says more than its name (default: the name). */
  placeholder?: string;
  width: number;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: { value: V; label: string }[];
  search?: boolean;
  loading?: boolean;
}) {
  return (
    <Select<V>
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={search}
      optionFilterProp={search ? 'label' : undefined}
      loading={loading}
      style={{ width }}
      value={value}
      onChange={(next?: V) => onChange(next)}
      // antd types option values as strings and numbers; a yes/no filter's booleans work alike.
      options={options as { value: string | number; label: string }[]}
    />
  );
}
