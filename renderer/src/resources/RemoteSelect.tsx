import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { localized } from '../core/workspace/localized';
import { serviceClient } from '../api/client';
import { useWorkspace } from '../core/workspace';
import { readList, type Row } from './dataProvider';
import { expandPath } from './paths';

/**
 * A select over a large list searched on the server (news for a menu item or a sick category): what the user
 * types is sent as `keyword` (after a pause), the first page of matches is offered. Values already chosen keep
 * their labels through `known` (e.g. from the record), so nothing shows as a bare id.
 */
export interface RemoteOption {
  value: number | string;
  label: string;
  row?: Row;
}

export interface RemoteSelectProps {
  /** List path template answering `{ data }` or an array (`{website}`, `{lang}` expanded). */
  path: string;
  labelField: string;
  valueField?: string;
  pageSize?: number;
  mode?: 'multiple';
  known?: RemoteOption[];
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The chosen row (single mode), e.g. to take its SEO link. */
  onPick?: (row: Row | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

export function RemoteSelect({ path, labelField, valueField = 'id', pageSize = 20, mode, known, value, onChange, onPick, ...rest }: RemoteSelectProps) {
  const { websiteId, language } = useWorkspace();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<RemoteOption[]>([]);
  const [loading, setLoading] = useState(false);
  const seen = useRef(new Map<string, RemoteOption>());

  useEffect(() => {
    let alive = true;
    const timer = setTimeout(() => {
      setLoading(true);
      const target = expandPath(path, { website: websiteId, lang: language }, 'GET');
      serviceClient(target.service)
        .request({ method: target.method, url: target.url, params: { page: 1, pageSize, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) } })
        .then((response) => {
          if (!alive) return;
          const options = readList(response.data).data.map((row) => ({ value: row[valueField] as number | string, label: localized(row[labelField], language) || String(row[valueField]), row }));
          for (const o of options) seen.current.set(String(o.value), o);
          setFound(options);
        })
        .catch(() => alive && setFound([]))
        .finally(() => alive && setLoading(false));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [path, websiteId, language, keyword, pageSize, valueField, labelField]);

  const options = useMemo(() => {
    const map = new Map<string, RemoteOption>();
    for (const o of known ?? []) map.set(String(o.value), o);
    for (const o of found) map.set(String(o.value), o);
    return [...map.values()].map(({ value: v, label }) => ({ value: v, label }));
  }, [known, found]);

  return (
    <Select
      {...rest}
      mode={mode}
      value={(value ?? (mode ? [] : undefined)) as never}
      onChange={(next: unknown) => {
        onChange?.(next ?? null);
        if (!mode) onPick?.(next === undefined || next === null ? undefined : seen.current.get(String(next))?.row);
      }}
      options={options}
      loading={loading}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
