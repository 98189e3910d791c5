import { ApiResponseError } from 'twitter-api-v2';

/**
 * X refused a call or could not be reached — the one error every part of the X client throws.
 * `message` is fit for the user (X's own errors[].message when it sent some); `status` is X's HTTP
 * status, 0 when X was not reached or is not configured.
 */
export class XError extends Error {
  /** The parameter X named in its refusal, when it named one (a campaign field the user can fix). */
  readonly parameter: string | undefined;
  /** For a 429, when X's window resets (unix seconds, X's x-rate-limit-reset). */
  readonly reset: number | undefined;
  /**
   * The failure carried a network error code (ECONNREFUSED, ETIMEDOUT…): a 503 for sign-in and the
   * ad accounts. Status 0 alone (no answer, or X not configured) is a 503 for campaigns and Deep
   * Thought, which read `status`.
   */
  readonly unreachable: boolean;

  constructor(
    message: string,
    readonly status: number,
    detail: {
      parameter?: string | undefined;
      reset?: number | undefined;
      unreachable?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: detail.cause });
    this.name = 'XError';
    this.parameter = detail.parameter;
    this.reset = detail.reset;
    this.unreachable = detail.unreachable ?? false;
  }

  /** X answered 403/404 for an ad account, audience or object the user cannot reach. */
  get noAccess(): boolean {
    return this.status === 403 || this.status === 404;
  }

  get rateLimited(): boolean {
    return this.status === 429;
  }
}

/** X's consumer keys are missing (X_CONSUMER_KEY, X_CONSUMER_SECRET). */
export const notConfigured = (what = 'X'): XError =>
  new XError(`${what} is not configured (X_CONSUMER_KEY, X_CONSUMER_SECRET).`, 0);

/**
 * Any failure of a twitter-api-v2 call as an XError: X's own messages for a refusal, a plain one when
 * X could not be reached (the library's error stays as `cause`, for the log).
 */
export function toXError(what: string, error: unknown, now: () => number = Date.now): XError {
  if (error instanceof XError) return error;
  if (error instanceof ApiResponseError) {
    const body = error.data as { errors?: { message?: string; parameter?: string }[] } | undefined;
    const first = body?.errors?.find((e) => typeof e.message === 'string');
    const messages = (body?.errors ?? []).map((e) => e.message).filter((m): m is string => !!m);
    const text =
      error.code === 401
        ? 'X refused the connected account\u2019s authorisation; reconnect your X account.'
        : error.code === 429
          ? 'X\u2019s rate limit was reached; try again in a few minutes.'
          : messages.length > 0
            ? messages.join(', ')
            : `X answered ${error.code} to ${what}.`;
    return new XError(text, error.code, {
      parameter: first?.parameter,
      reset: error.code === 429 ? (error.rateLimit?.reset ?? Math.ceil(now() / 1000) + 60) : undefined,
      cause: error,
    });
  }
  const code = (error as { code?: unknown }).code;
  return new XError('X could not be reached. Please try again later.', 0, {
    unreachable: typeof code === 'string' && /^E[A-Z]+/.test(code),
    cause: error,
  });
}
