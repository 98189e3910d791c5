import { useEffect, useState, type RefObject } from 'react';

/** SPEC §9: where ResizeObserver is missing, the width is measured every 100 ms. */
export const WIDTH_POLL_MS = 100;

/** The element's width in px, kept up to date with ResizeObserver (or polling as a fallback). */
export const useElementWidth = (ref: RefObject<HTMLElement | null>): number => {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setWidth(element.getBoundingClientRect().width);
    measure();
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => observer.disconnect();
    }
    const timer = setInterval(measure, WIDTH_POLL_MS);
    return () => clearInterval(timer);
  }, [ref]);
  return width;
};
