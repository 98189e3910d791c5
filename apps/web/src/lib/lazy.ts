import type { ComponentType } from 'react';

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

/** For React Router's `lazy`: loads a module, picks its page component, and tags load failures. */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: pick(await load()) };
    } catch (error) {
      throw new LazyLoadError(error);
    }
  };
