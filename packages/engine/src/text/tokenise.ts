/** Moved to @murmur/core/text (shared with the sandbox's keyword matching). */
export { normaliseHashtag, prepareTexts, tokenise, tokens } from '@murmur/core/text';
