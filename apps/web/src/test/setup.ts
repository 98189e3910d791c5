import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { personalStore } from '../lib/personal-store';

// Lazily loaded routes can take a moment on a busy machine; findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Tests read the English texts. The test files of a worker share their modules (vite.config.ts,
// isolate: false), so a file that switched to Japanese must not leave it for the next one.
await initI18n('en');
await i18next.changeLanguage('en');
beforeEach(() => {
  if (i18next.language !== 'en') return i18next.changeLanguage('en').then(() => undefined);
});

// The tests' mocked API decides whether someone is signed in (GET /api/user/me/ answering a user or a
// 403): the browser-session cookie makes the app ask it, as a browser that signed in once would.
document.cookie = 'csrftoken=test-session';

// jsdom lacks these browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The pro site's signed-in visitor, kept in memory beside its storage (modules are shared).
  personalStore.reload();
  vi.restoreAllMocks();
  // A lazy route or tab whose code a test began to load finishes loading before the file's
  // environment is torn down: with shared modules, a load cut off there would fail the next file.
  await vi.dynamicImportSettled();
});
