import { Suspense, lazy, type ComponentType } from 'react';

/**
 * The toasts' code (sonner, ~7 KB compressed) comes after the first paint, in its own chunk. If
 * that chunk cannot load, the shop goes on without toasts rather than showing an error page.
 */
const ToasterView = lazy<ComponentType>(() =>
  import('./toaster-view').then(
    (m) => ({ default: m.ToasterView }),
    () => ({ default: () => null }),
  ),
);

export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
