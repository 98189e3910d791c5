/** Moved to @murmur/core/text (shared with the sandbox's keyword matching). */
export { CharClass, charClass } from '@murmur/core/text';
