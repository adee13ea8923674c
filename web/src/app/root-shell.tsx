import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearErrors, useInvalidChannel } from '../lib/app-state';
import { advanceFlash } from '../lib/flash';
import { startSmoothAnchors } from '../lib/anchor-links';
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
 * The server's first view of this page load (server/src/seo/meta.rs: the page's heading and
 * main picture, escaped there), read before React takes the root over.
 */
const firstView =
  typeof document === 'undefined' ? null : (document.querySelector('#root > .first-view')?.outerHTML ?? null);

/**
 * Shown while the first screen's data loads: the server's first view when the page has one (the
 * same markup, so nothing flashes or moves before the app's page replaces it), else a spinner.
 */
export function BootFallback() {
  if (firstView) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own escaped markup, taken from this document
    return <div dangerouslySetInnerHTML={{ __html: firstView }} />;
  }
  return <LoadingBlock />;
}
