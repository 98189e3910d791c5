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
      // Measured in the next frame, not in the observer's callback: a re-render there that changes
      // the element's size again within the frame is what Chromium reports as a ResizeObserver loop.
      let frame = 0;
      const observer = new ResizeObserver(() => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(measure);
      });
      observer.observe(element);
      return () => {
        cancelAnimationFrame(frame);
        observer.disconnect();
      };
    }
    const timer = setInterval(measure, WIDTH_POLL_MS);
    return () => clearInterval(timer);
  }, [ref]);
  return width;
};
