import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analytics } from '../lib/analytics';

/** SPEC §2: navigation scrolls to the top, or smoothly to the hash's element after 200 ms. */
export const HASH_SCROLL_DELAY_MS = 200;

/**
 * How long a hash's element may take to appear after the 200 ms: on a fresh load (a shared link to
 * `/…#section`) the lazy page's code and then its data arrive well after that.
 */
export const HASH_WAIT_MS = 10_000;

const hashTarget = (hash: string): string => {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1); // Keep the raw hash.
  }
};

export const useScrollOnNavigate = (): void => {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash === '' || hash === '#') {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = hashTarget(hash);
    const scroll = (element: HTMLElement) => element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    let observer: MutationObserver | undefined;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      observer?.disconnect();
      clearTimeout(giveUp);
    };
    // The target may render only after the page's data arrives, hence the delay; when it is not
    // there yet, the first time it appears (within HASH_WAIT_MS).
    const timer = setTimeout(() => {
      const found = document.getElementById(id);
      if (found !== null) return scroll(found);
      observer = new MutationObserver(() => {
        const appeared = document.getElementById(id);
        if (appeared === null) return;
        stop();
        scroll(appeared);
      });
      observer.observe(document.body, { childList: true, subtree: true });
      giveUp = setTimeout(stop, HASH_WAIT_MS);
    }, HASH_SCROLL_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
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
