// Loaded with `--import` before the engine (bench:segmenter's "whole" build): the engine's tokeniser
// then takes its CJK words from cjk-whole.ts, which keeps each run of Han and kana whole — text split
// on spaces only, as before Japanese was segmented — so that the two builds differ in that alone.
// Worker threads (the parallel build's parse workers, started with `execArgv: []`) do not inherit
// the main thread's hooks in Node 20: every Worker is started with this module imported first.
import { createRequire, register, syncBuiltinESMExports } from 'node:module';

register('./spaces-only-hooks.mjs', import.meta.url);

const threads = createRequire(import.meta.url)('node:worker_threads');
if (threads.isMainThread) {
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(file, options = {}) {
      super(file, { ...options, execArgv: [...(options.execArgv ?? []), '--import', import.meta.url] });
    }
  };
  syncBuiltinESMExports();
}
