import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './app/global.css';
import { bootChannel } from './app/boot';
import { ErrorView, OfflineNotice, statusOf } from './app/error-page';
import { Providers } from './app/providers';
import { createAppRouter, preloadScreen } from './app/router';
import { BootFallback } from './app/root-shell';
import { InvalidChannelPage } from './app/invalid-channel-page';
import { InvalidChannelLayout } from './app/layouts/invalid-channel-layout';
import { NetworkIgnoredError, isSilentError } from './lib/api-error';
import { dropFirstView, hasFirstView } from './lib/first-view';
import { queryClient } from './lib/query-client';
import { setNavigator } from './lib/navigation';
import { nextTask } from './lib/wait';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  let root: Root | null = null;
  const app = () => {
    root ??= createRoot(container);
    return root;
  };
  // The server's first view of the page (lib/first-view) stays until the app's page replaces
  // it, and React starts only when it has something to draw; a page without one shows the
  // loading block at once.
  if (!hasFirstView()) app().render(<BootFallback />);

  // A 503 during startup asks to navigate before the router exists: remember it.
  let pending: string | null = null;
  setNavigator((to) => {
    pending = to;
  });

  // public.json first (everything waits for it); the steps after it each in a task of their own.
  const booting = bootChannel(queryClient).then(
    (boot) => ({ boot, failure: null as unknown }),
    (failure: unknown) => ({ boot: null, failure }),
  );
  await nextTask();
  // The first screen's code downloads while public.json and the session are settled.
  preloadScreen(window.location.pathname);

  const { boot, failure } = await booting;
  if (boot?.kind === 'invalid-channel') {
    dropFirstView();
    // No shop answers on this host: nothing of the site can load, so no router either.
    app().render(
      <StrictMode>
        <InvalidChannelLayout>
          <InvalidChannelPage />
        </InvalidChannelLayout>
      </StrictMode>,
    );
    return;
  }

  if (failure instanceof NetworkIgnoredError || (failure !== null && !isSilentError(failure))) {
    // public.json itself failed: there is no shop to show, only a way to retry.
    dropFirstView();
    app().render(
      <StrictMode>
        {failure instanceof NetworkIgnoredError ? (
          <OfflineNotice />
        ) : (
          <ErrorView status={statusOf(failure)} outsideRouter />
        )}
      </StrictMode>,
    );
    return;
  }

  await nextTask();
  const router = createAppRouter();
  setNavigator((to, options) => {
    void router.navigate(to, options);
  });
  if (pending !== null) void router.navigate(pending, { replace: true });
  // Its own small chunk: it does nothing before the page has loaded anyway.
  void import('./lib/link-prefetch')
    .then(({ startLinkPrefetch }) => startLinkPrefetch({ prefetch: preloadScreen }))
    .catch(() => undefined);

  // As a transition: React renders the first page in slices of a few ms, not in one long task.
  startTransition(() => {
    app().render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

void start();
