import { Component, type ReactNode } from 'react';

// Code that no first screen needs (crash modal, toasts, the header's menus) loads once the browser is
// idle after the first render, or at once when it is needed before that.

/** Runs `task` when the browser is idle (at the latest after `timeout` ms); returns a cancel function. */
export const whenIdle = (task: () => void, timeout = 2000): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeout, 500));
  return () => window.clearTimeout(id);
};

/**
 * Runs `task` at an idle moment a little after start-up, so that it never competes with what the
 * first screen needs (its chunks, then its API calls); returns a cancel function.
 */
export const afterFirstScreen = (task: () => void, delay = 1500): (() => void) => {
  let cancelIdle = () => {};
  const id = window.setTimeout(() => {
    cancelIdle = whenIdle(task);
  }, delay);
  return () => {
    window.clearTimeout(id);
    cancelIdle();
  };
};

export interface OptionalProps {
  children: ReactNode;
  /** Shown instead of the children when their code could not be loaded. */
  fallback?: ReactNode;
}

/** Shows `fallback` instead of breaking the page when a deferred component's code cannot be loaded. */
export class Optional extends Component<OptionalProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
