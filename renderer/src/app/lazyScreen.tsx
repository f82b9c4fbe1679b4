import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

/** Centered spinner while a screen's chunk (or its labels) loads. */
export function ScreenFallback() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

/** The element of a lazily loaded screen: its own chunk, a spinner meanwhile. Call at module level, once per screen. */
export function lazyElement(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
}
