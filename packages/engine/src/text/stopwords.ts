/** Moved to @murmur/core/text (shared with the sandbox's keyword matching). */
export { STOPWORDS } from '@murmur/core/text';
