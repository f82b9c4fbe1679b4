import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useUrlFilters } from './useUrlFilters';

const at = (url: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };

describe('useUrlFilters', () => {
  it('reads typed filters from the address and ignores values of the wrong type', () => {
    const { result } = renderHook(() => useUrlFilters({ status: 'int', answered: 'bool' })[0], { wrapper: at('/news?status=1&answered=false&other=x') });
    expect(result.current).toEqual({ status: 1, answered: false });
    const bad = renderHook(() => useUrlFilters({ status: 'int', answered: 'bool' })[0], { wrapper: at('/news?status=abc&answered=maybe') });
    expect(bad.result.current).toEqual({});
  });

  it('writes a filter into the address and removes it when cleared, keeping the others', () => {
    const { result } = renderHook(() => ({ filters: useUrlFilters({ status: 'int', type: 'int' }), location: useLocation() }), { wrapper: at('/news?type=0') });
    act(() => result.current.filters[1]('status', 2));
    expect(result.current.location.search).toBe('?type=0&status=2');
    expect(result.current.filters[0]).toEqual({ type: 0, status: 2 });
    act(() => result.current.filters[1]('type', undefined));
    expect(result.current.location.search).toBe('?status=2');
  });

  it('reads text filters and sets several at once (a date range)', () => {
    const { result } = renderHook(() => ({ filters: useUrlFilters({ operation: 'text', from: 'text', to: 'text' }), location: useLocation() }), { wrapper: at('/audit-log?operation=delete') });
    expect(result.current.filters[0]).toEqual({ operation: 'delete' });
    act(() => result.current.filters[2]({ from: '2026-01-01', to: '2026-01-31' }));
    expect(result.current.filters[0]).toEqual({ operation: 'delete', from: '2026-01-01', to: '2026-01-31' });
    act(() => result.current.filters[2]({ from: undefined, to: '' }));
    expect(result.current.location.search).toBe('?operation=delete');
  });
});
