import { SESSION_REPLAY_SNIPPET_VERSION } from '@murmur/core/telemetry';

/** The replay service's queue on window, as its snippet defines it. */
type ReplayWindow = Window & {
  hj?: ((...args: unknown[]) => void) & { q?: unknown[] };
  _hjSettings?: { hjid: number | string; hjsv: number };
};

export interface SessionReplayOptions {
  /** VITE_SESSION_REPLAY_ID: the site id; no snippet without one. */
  siteId: string | undefined;
  /** The visitor's consent; no snippet without it. */
  consented: boolean;
  target?: ReplayWindow;
}

/**
 * SPEC §1, §9: the session-replay and heatmap script (snippet version 6), loaded only when a site id
 * is configured and the visitor consented. Returns whether it was added (once per page).
 */
export function startSessionReplay({ siteId, consented, target = window }: SessionReplayOptions): boolean {
  if (siteId === undefined || siteId === '' || !consented) return false;
  if (target._hjSettings !== undefined) return true;
  // The snippet's queue: calls made before the script arrives are kept for it.
  const queue: unknown[] = [];
  target.hj ??= Object.assign((...args: unknown[]) => void queue.push(args), { q: queue });
  target._hjSettings = { hjid: siteId, hjsv: SESSION_REPLAY_SNIPPET_VERSION };
  const script = target.document.createElement('script');
  script.async = true;
  script.src = `https://static.hotjar.com/c/hotjar-${encodeURIComponent(siteId)}.js?sv=${SESSION_REPLAY_SNIPPET_VERSION}`;
  target.document.head.appendChild(script);
  return true;
}
