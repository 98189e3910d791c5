import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './clipboard';
import { notificationStore } from './notifications';

const lastToast = () => notificationStore.list().at(-1);

afterEach(() => {
  notificationStore.clear();
});

const stubClipboard = (writeText: ((text: string) => Promise<void>) | undefined) =>
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  });

describe('copyToClipboard', () => {
  it('copies and says "Copied!"', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    await expect(copyToClipboard('@handle')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('@handle');
    expect(lastToast()).toMatchObject({ text: 'Copied!', level: 'success' });
  });

  it('can say a custom success message', async () => {
    stubClipboard(() => Promise.resolve());
    await copyToClipboard('x', { successMessage: 'Link copied' });
    expect(lastToast()?.text).toBe('Link copied');
  });

  it('warns when there is nothing to copy', async () => {
    stubClipboard(() => Promise.resolve());
    await expect(copyToClipboard('')).resolves.toBe(false);
    expect(lastToast()).toMatchObject({ text: 'Nothing selected to copy.', level: 'warn' });
  });

  it('suggests another browser when copying is unsupported or fails', async () => {
    stubClipboard(undefined);
    await copyToClipboard('x');
    expect(lastToast()).toMatchObject({
      text: 'Failed to copy content. Please try a different browser.',
      level: 'error',
    });
    stubClipboard(() => Promise.reject(new Error('denied')));
    await expect(copyToClipboard('x')).resolves.toBe(false);
    expect(lastToast()?.level).toBe('error');
  });
});
