// Loaded with `--import` before the engine (bench:segmenter's "whole" build): the engine's tokeniser
// then takes its CJK words from cjk-whole.ts, which keeps each run of Han and kana whole — text split
// on spaces only, as before Japanese was segmented — so that the two builds differ in that alone.
import { register } from 'node:module';

register('./spaces-only-hooks.mjs', import.meta.url);
