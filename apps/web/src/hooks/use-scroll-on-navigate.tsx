import { useEffect } from 'react';
import { useLocation } from 'react-router';

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

/** Drop-in element for layouts. */
export function ScrollOnNavigate() {
  useScrollOnNavigate();
  return null;
}
