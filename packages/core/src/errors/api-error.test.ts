import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './api-error';

describe('ApiError', () => {
  it('carries status and body and builds its message from the body (SPEC §8)', () => {
    const error = new ApiError(400, { name: ['Taken'] });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ name: ['Taken'] });
    expect(error.message).toBe('Name: Taken');
    expect(error.name).toBe('ApiError');
  });

  it('falls back to the status when the body says nothing', () => {
    expect(new ApiError(502, '').message).toBe('Request failed with status 502');
    expect(new ApiError(500, null).message).toBe('Request failed with status 500');
  });

  it('accepts an explicit message', () => {
    expect(new ApiError(404, { detail: 'x' }, 'Gone').message).toBe('Gone');
  });

  it('is recognised by isApiError', () => {
    expect(isApiError(new ApiError(400, null))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 400 })).toBe(false);
  });
});
