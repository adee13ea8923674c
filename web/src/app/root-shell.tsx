import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearErrors, useInvalidChannel } from '../lib/app-state';
import { advanceFlash } from '../lib/flash';
import { startSmoothAnchors } from '../lib/anchor-links';
import { hasFirstView, useDropFirstView } from '../lib/first-view';
import { AppToaster } from '../ui/toaster';
import { LoadingBlock } from '../ui/spinner';
import { InvalidChannelPage } from './invalid-channel-page';
import { InvalidChannelLayout } from './layouts/invalid-channel-layout';
import { ScrollManager } from './scroll-manager';

/** Per navigation: the waiting flash message becomes current, old form errors go. */
function useNavigationHousekeeping() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    advanceFlash();
    clearErrors();
  }, [location.key]);
}

/** The root of every screen: scroll handling, toasts and the invalid-channel switch. */
export function RootShell() {
  const invalidChannel = useInvalidChannel();
  useDropFirstView();
  useNavigationHousekeeping();
  useEffect(startSmoothAnchors, []);
  return (
    <>
      <ScrollManager />
      {invalidChannel ? (
        <InvalidChannelLayout>
          <InvalidChannelPage />
        </InvalidChannelLayout>
      ) : (
        <Outlet />
      )}
      <AppToaster />
    </>
  );
}

/**
 * Shown while the first screen's data loads: nothing when the server's first view of the page is
 * on screen (lib/first-view), else a spinner.
 */
export function BootFallback() {
  return hasFirstView() ? null : <LoadingBlock />;
}
