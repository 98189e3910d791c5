import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for this process, before the server starts (the serving
 * path). V8 allocates the objects of an allocation site directly in the old generation once it has
 * seen most of them survive a scavenge. In some bench processes it had taken that decision for sites
 * of the request path (what triggers it was not found; a heap snapshot under load held no retained
 * requests): under load every request's garbage then went to the old generation, which grew by ~5 MB
 * between scavenges (150 → 600 MB in 10 s), each scavenge took 16–25 ms instead of 1.5–3 ms (the old
 * objects' pointers into the young generation are its roots), and a mark-compact followed every few
 * seconds — a fifth to a quarter of the main thread of `/api/user/me/` in a CPU profile
 * (bench/README.md, bench:api, fifteenth round). The decision is never revisited, so it is switched
 * off rather than left to chance. Without it the same objects die young, as they should, at the price
 * of copying the few long-lived ones once more; flags are process-wide, so the engine's worker threads
 * are built the same way (the bench product's start, engine build included, took as long).
 */
export function tuneGarbageCollector(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
