/** The screens' side of domain/analytics/analytics (apart, so the first bundle does not carry it). */
import { useEffect, useRef } from 'react';
import { track, type AnalyticsEvent } from './analytics';

/**
 * Tracks `event` once per `key` (a list's product keys, a product's key) rather than on every
 * render; an empty key or a null event tracks nothing.
 */
export function useTrack(event: AnalyticsEvent | null, key: string): void {
  const latest = useRef(event);
  latest.current = event;
  useEffect(() => {
    if (key !== '' && latest.current) track(latest.current);
  }, [key]);
}
