import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessageForStatus } from './error-message-for-status';

describe('errorMessageForStatus (SPEC §8)', () => {
  it('treats 403 on user load as signed out, silently', () => {
    expect(errorMessageForStatus(new ApiError(403, { detail: 'Forbidden' }), { userLoad: true })).toEqual({
      kind: 'signed-out',
      message: '',
    });
  });

  it('redirects to login on 403 elsewhere', () => {
    expect(errorMessageForStatus(new ApiError(403, { detail: 'Forbidden' }))).toEqual({
      kind: 'redirect-login',
      message: 'Forbidden',
    });
  });

  it('prefixes 400 messages and keeps the first 300 characters', () => {
    expect(errorMessageForStatus(new ApiError(400, { name: ['Taken'] }))).toEqual({
      kind: 'form',
      message: 'Failed to submit form: Name: Taken',
    });
    const long = errorMessageForStatus(new ApiError(400, 'a'.repeat(500)));
    expect(long.message).toBe(`Failed to submit form: ${'a'.repeat(300)}`);
  });

  it('shows the built message for other statuses', () => {
    expect(errorMessageForStatus(new ApiError(404, { detail: 'Not found.' }))).toEqual({
      kind: 'message',
      message: 'Not found.',
    });
    expect(errorMessageForStatus(new ApiError(500, null, ''))).toEqual({
      kind: 'message',
      message: 'Something went wrong. Please try again later.',
    });
  });

  it('uses the network message for failures that are not API errors', () => {
    const network = { kind: 'message', message: 'Something went wrong. Please try again later.' };
    expect(errorMessageForStatus(new TypeError('Failed to fetch'))).toEqual(network);
    expect(errorMessageForStatus(new ApiError(0, null))).toEqual(network);
    expect(errorMessageForStatus(undefined)).toEqual(network);
  });
});
