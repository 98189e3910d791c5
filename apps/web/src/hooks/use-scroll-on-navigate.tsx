import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analytics } from '../lib/analytics';

/** SPEC §2: navigation scrolls to the top, or smoothly to the hash's element after 200 ms. */
export const HASH_SCROLL_DELAY_MS = 200;

export const useScrollOnNavigate = (): void => {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash === '' || hash === '#') {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    // The target may render only after the page's data arrives, hence the delay.
    const timer = setTimeout(() => {
      let id = hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // Keep the raw hash.
      }
      document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, hash]);
};

/** SPEC §1: each route the visitor opens is a page view for the analytics wrapper (a no-op when off). */
const usePageViews = (): void => {
  const { pathname } = useLocation();
  useEffect(() => analytics.trackPageView(pathname), [pathname]);
};

/** Drop-in element for layouts: scrolling on navigation, and page views. */
export function ScrollOnNavigate() {
  useScrollOnNavigate();
  usePageViews();
  return null;
}
