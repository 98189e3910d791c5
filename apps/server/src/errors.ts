/**
 * Typed application errors. Services throw these; the error handler (plugins/error-handler.ts) turns
 * them into the Django REST framework shapes that the web app's message builder reads (SPEC §8).
 */
export type FieldErrors = Record<string, string[]>;
export type ErrorBody = { detail: string } | FieldErrors;

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  abstract body(): ErrorBody;
}

abstract class DetailError extends AppError {
  body(): ErrorBody {
    return { detail: this.message };
  }
}

/** 400 with per-field messages; body-level problems go under `non_field_errors`. */
export class BadRequest extends AppError {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).flat().join(' '));
  }
  body(): ErrorBody {
    return this.fields;
  }
}

/** Signed out where a user is needed. 403 rather than 401: SPEC §4 reads 403 on user load as "signed out". */
export class NotAuthenticated extends DetailError {
  readonly statusCode = 403;
  constructor(message = 'Authentication credentials were not provided.') {
    super(message);
  }
}

/** 401: a credential was sent but is no good (an unknown or revoked API key, docs/API-KEYS.md). */
export class Unauthorized extends DetailError {
  readonly statusCode = 401;
  constructor(message = 'Invalid API key.') {
    super(message);
  }
}

export class Forbidden extends DetailError {
  readonly statusCode = 403;
  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
  }
}

export class NotFound extends DetailError {
  readonly statusCode = 404;
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** A link that did exist but has expired (share links, docs/API-AUDIENCES.md "Share links"). */
export class Gone extends DetailError {
  readonly statusCode = 410;
}

export class Conflict extends DetailError {
  readonly statusCode = 409;
}

export class TooManyRequests extends DetailError {
  readonly statusCode = 429;
  constructor(
    message: string,
    /** Seconds until the caller may try again (sent as Retry-After). */
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/** A collaborator (mail server, …) failed; the request may succeed later. */
export class ServiceUnavailable extends DetailError {
  readonly statusCode = 503;
}
