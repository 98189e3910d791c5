import { createCrashHandler, type CrashHandler } from '@murmur/core/crash';

/** SPEC §4/§9: the latest uncaught error, ignoring a burst for 1000 ms after dismissal. */
export const crashHandler: CrashHandler = createCrashHandler({
  ignoreWindowMs: 1000,
  reload: () => window.location.reload(),
});

/**
 * Chromium reports a ResizeObserver whose callback changed layout again within the same frame as
 * an error on window (with no error object). The spec calls it benign: the observer is called again
 * in the next frame, nothing is lost. A window resized or a phone turned while a chart or tab strip
 * re-measures must not show the crash modal.
 */
const BENIGN = /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

/** Sends the window's uncaught errors and unhandled rejections to the crash handler. */
export const installCrashReporting = (
  target: Window = window,
  handler: CrashHandler = crashHandler,
): (() => void) => {
  const onError = (event: ErrorEvent) => {
    // Failed <img>/<script> loads also fire "error" events on window; they are not crashes.
    if (event.error === undefined && event.message === '') return;
    if (BENIGN.test(event.message)) return;
    handler.report(event);
  };
  const onRejection = (event: PromiseRejectionEvent) => handler.report(event);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
};
