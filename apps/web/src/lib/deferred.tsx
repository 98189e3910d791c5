import { Component, useState, type PointerEvent, type ReactNode } from 'react';

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

/**
 * A deferred menu's placeholder button: which press is under way on it, and its handlers. The pointer
 * going down starts loading the menu; the placeholder stays until the press's click, and the click
 * opens the menu (at once if loaded, else when it is). A menu that replaced its placeholder between
 * the pointer going down and the release would get the click on its own button, toggling shut the
 * menu the press had opened, or lose it to neither button.
 */
export function usePlaceholderPress<Name extends string>(request: () => void, open: (name: Name) => void) {
  const [pressing, setPressing] = useState<Name | null>(null);
  const handlers = (name: Name) => ({
    onPointerEnter: request,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button > 0) return; // the secondary buttons open the browser's own menu
      setPressing(name);
      request();
    },
    // A mouse that leaves before the release sends no click; a touch leaves at its release, before it.
    onPointerLeave: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.pointerType === 'mouse') setPressing(null);
    },
    onPointerCancel: () => setPressing(null),
    onClick: () => {
      setPressing(null);
      open(name);
      request();
    },
  });
  return { pressing, handlers };
}
