/**
 * The app's navigate function, injected once the router exists, so code outside React
 * (the API client) can move the user without importing the router.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigator(next: Navigate): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}

/** How the current document was reached ('navigate', 'reload', 'back_forward', …). */
export function documentNavigationType(): string | undefined {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return entry?.type;
  } catch {
    return undefined;
  }
}

/**
 * A full page load of `url`, leaving the app (another site's page such as the card issuer's
 * 本人認証, which must not be framed or opened in a new tab). Its own function so tests can
 * replace it: jsdom implements no navigation.
 */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
