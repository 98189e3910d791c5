import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_SOURCE, PAGE_SOURCE, type PageMessage } from '@murmur/core/extension';
import { askExtension, getExtensionState } from './extension';

/** A stand-in for the content script: sees what the page posts, answers as the extension. */
function fakeExtension(answer: (message: Extract<PageMessage, { id: string }>) => object | null) {
  const seen: Extract<PageMessage, { id: string }>[] = [];
  const listener = (event: MessageEvent) => {
    const data = event.data as PageMessage;
    if (data?.source !== PAGE_SOURCE) return;
    if (!('id' in data)) return;
    seen.push(data);
    const reply = answer(data);
    if (reply !== null) fromExtension({ source: EXTENSION_SOURCE, type: 'answer', id: data.id, ...reply });
  };
  window.addEventListener('message', listener);
  return { seen, stop: () => window.removeEventListener('message', listener) };
}

/** The page accepts only its own window and origin (SPEC §4). */
function fromExtension(data: object, origin = window.location.origin, source: Window | null = window) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
});

describe('the page side of the extension protocol', () => {
  it('learns the protocol from the state message; 1 when none is announced', () => {
    expect(getExtensionState()).toMatchObject({ detected: false, protocol: 1 });
    fromExtension({ source: EXTENSION_SOURCE, type: 'state', installed: true, version: '0.1.0' });
    expect(getExtensionState()).toMatchObject({ detected: true, version: '0.1.0', protocol: 1 });
    fromExtension({
      source: EXTENSION_SOURCE,
      type: 'state',
      installed: true,
      version: '0.2.0',
      protocol: 2,
    });
    expect(getExtensionState()).toMatchObject({ version: '0.2.0', protocol: 2 });
  });

  it('hands requests over with an id and resolves with the answer of that id only', async () => {
    const ext = fakeExtension((m) =>
      m.type === 'check'
        ? { status: 200, body: { custom_audiences: [{ name: 'A', targetable: true }] } }
        : null,
    );
    stops.push(ext.stop);
    const answer = await askExtension({
      type: 'check',
      body: { ad_account_id: 'acc', custom_audience_names: ['A'] },
    });
    expect(answer).toEqual({ status: 200, body: { custom_audiences: [{ name: 'A', targetable: true }] } });
    expect(ext.seen).toEqual([
      {
        source: PAGE_SOURCE,
        type: 'check',
        id: expect.any(String) as string,
        body: { ad_account_id: 'acc', custom_audience_names: ['A'] },
      },
    ]);
  });

  it('ignores answers from another origin or window, and gives status 0 when no answer comes', async () => {
    vi.useFakeTimers();
    const ext = fakeExtension(() => null);
    stops.push(ext.stop);
    const pending = askExtension({ type: 'token', token: 'xpt.abc' }, 1000);
    await vi.advanceTimersByTimeAsync(0);
    const { id } = ext.seen.at(-1)!;
    fromExtension(
      { source: EXTENSION_SOURCE, type: 'answer', id, status: 204, body: null },
      'https://evil.example',
    );
    fromExtension({ source: EXTENSION_SOURCE, type: 'answer', id, status: 204, body: null }, undefined, null);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toEqual({ status: 0, body: null });
  });
});
