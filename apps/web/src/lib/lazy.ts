import type { ComponentType } from 'react';
import { completeCatalogue } from './i18n';

/** A lazily loaded page whose code could not be fetched — typically because a new version was
 * deployed and the old chunk files are gone. */
export class LazyLoadError extends Error {
  override name = 'LazyLoadError';
  constructor(cause: unknown) {
    super('A page of the application failed to load.', { cause });
  }
}

// Messages of Chromium, Firefox, Safari and Vite when a dynamic import fails.
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError|Unable to preload CSS/i;

export const isLazyLoadError = (error: unknown): boolean =>
  error instanceof LazyLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));

export interface LazyPageOptions {
  /**
   * A page a first load starts on (the build's entry pages, apps/web/build/page-meta.ts): its words
   * are in the first screen's catalogue, so it does not wait for the whole one (src/lib/i18n.ts).
   */
  firstScreen?: boolean;
}

/**
 * For React Router's `lazy`: loads a module, picks its page component, and tags load failures. Any
 * page but a first screen's also waits for the whole catalogue of the interface language.
 */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType, options: LazyPageOptions = {}) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      const [module] = await Promise.all([load(), options.firstScreen ? undefined : completeCatalogue()]);
      return { Component: pick(module) };
    } catch (error) {
      throw new LazyLoadError(error);
    }
  };
