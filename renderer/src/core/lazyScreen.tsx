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

/**
 * The element of a lazily loaded screen: its own chunk, a spinner meanwhile (`spinner: false` for
 * the sign-in page, whose chunk is preloaded: drawing a spinner there costs more than it shows).
 * Call at module level, once per screen.
 */
export function lazyElement(load: () => Promise<{ default: ComponentType }>, { spinner = true } = {}): ReactElement {
  const Screen = lazy(load);
  return (
    <Suspense fallback={spinner ? <ScreenFallback /> : null}>
      <Screen />
    </Suspense>
  );
}
