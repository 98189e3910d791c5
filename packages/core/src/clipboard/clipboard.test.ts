import { describe, expect, it, vi } from 'vitest';
import { COPY_EMPTY_MESSAGE, COPY_SUCCESS_MESSAGE, COPY_UNSUPPORTED_MESSAGE, copyText } from './clipboard';

describe('clipboard texts (SPEC §5)', () => {
  it('keeps the spec wording', () => {
    expect(COPY_UNSUPPORTED_MESSAGE).toBe('Failed to copy content. Please try a different browser.');
    expect(COPY_EMPTY_MESSAGE).toBe('Nothing selected to copy.');
    expect(COPY_SUCCESS_MESSAGE).toBe('Copied!');
  });
});

describe('copyText (SPEC §5)', () => {
  it('copies and reports success', async () => {
    const write = vi.fn(() => Promise.resolve());
    expect(await copyText('@acme', write)).toEqual({ ok: true, level: 'success', message: 'Copied!' });
    expect(write).toHaveBeenCalledWith('@acme');
  });

  it('uses a custom success message', async () => {
    expect((await copyText('x', () => Promise.resolve(), 'Link copied')).message).toBe('Link copied');
  });

  it('reports an unsupported browser', async () => {
    expect(await copyText('x', undefined)).toEqual({
      ok: false,
      level: 'error',
      message: COPY_UNSUPPORTED_MESSAGE,
    });
    const failing = () => Promise.reject(new Error('NotAllowedError'));
    expect((await copyText('x', failing)).message).toBe(COPY_UNSUPPORTED_MESSAGE);
  });

  it('reports that nothing was selected without writing', async () => {
    const write = vi.fn(() => Promise.resolve());
    expect(await copyText('', write)).toEqual({ ok: false, level: 'warn', message: COPY_EMPTY_MESSAGE });
    expect(await copyText(undefined, write)).toMatchObject({ message: COPY_EMPTY_MESSAGE });
    expect(write).not.toHaveBeenCalled();
  });
});
