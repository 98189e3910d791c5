/** Stripe's error body: `{ error: { type, message, param?, code? } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param && { param: this.param }),
        ...(this.code && { code: this.code }),
      },
    };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, param, 'resource_missing');

export const invalid = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param, 'parameter_invalid');

export const required = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    param,
    'parameter_missing',
  );
