import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../lib/i18n';

// Lazily loaded routes can take a moment on a busy machine; findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// Tests read the English texts.
await initI18n('en');

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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});
