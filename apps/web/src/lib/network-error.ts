import { ApiError, NETWORK_ERROR_MESSAGE } from '@murmur/core/errors';

/** SPEC §8: a network-level failure carries this message, in the same shape as a server error. */
export const networkError = (): ApiError => new ApiError(0, { detail: NETWORK_ERROR_MESSAGE });

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
