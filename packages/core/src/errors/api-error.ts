import { buildErrorMessage } from './build-error-message';

/** SPEC §8: a response with status 400 or higher becomes an error carrying status and parsed body. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;

  /** The message defaults to the SPEC §8 message built from the body. */
  constructor(status: number, body: unknown, message?: string) {
    super(message ?? (buildErrorMessage(body) || `Request failed with status ${status}`));
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
