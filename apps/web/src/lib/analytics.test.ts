import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, type AnalyticsDeps, type MixpanelClient } from './analytics';

const fakeClient = () => {
  const client = {
    init: vi.fn(),
    track: vi.fn(),
    track_pageview: vi.fn(),
    identify: vi.fn(),
    reset: vi.fn(),
    register: vi.fn(),
    opt_out_tracking: vi.fn(),
    people: { set: vi.fn() },
  };
  return client as typeof client & MixpanelClient;
};

const setup = (overrides: Partial<AnalyticsDeps> = {}) => {
  const client = fakeClient();
  const load = vi.fn(() => Promise.resolve(client as MixpanelClient));
  let consent = true;
  const analytics = createAnalytics({
    mode: 'production',
    token: 'tok',
    host: 'https://analytics.example',
    consent: () => consent,
    load,
    ...overrides,
  });
  const everything = async () => {
    analytics.track('Saved audience', { size: 3 });
    analytics.trackPageView('/acme/audiences');
    analytics.identify(7, { language: 'ja' });
    analytics.register({ flavour: 'dashboard' });
    analytics.reset();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { analytics, client, load, everything, setConsent: (value: boolean) => (consent = value) };
};

describe('the analytics wrapper (SPEC §1)', () => {
  it('sends and loads nothing outside production mode', async () => {
    const { load, everything, analytics } = setup({ mode: 'development' });
    const fetch = vi.spyOn(window, 'fetch');
    await everything();
    expect(analytics.active()).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it('sends and loads nothing without a token', async () => {
    for (const token of [undefined, '']) {
      const { load, everything } = setup({ token });
      await everything();
      expect(load).not.toHaveBeenCalled();
    }
  });

  it('sends nothing before the visitor consents, then everything in order, batched', async () => {
    const { load, client, everything, setConsent } = setup();
    setConsent(false);
    await everything();
    expect(load).not.toHaveBeenCalled();

    setConsent(true);
    await everything();
    expect(load).toHaveBeenCalledTimes(1);
    expect(client.init).toHaveBeenCalledWith('tok', {
      batch_requests: true,
      track_pageview: false,
      persistence: 'localStorage',
      api_host: 'https://analytics.example',
    });
    expect(client.track).toHaveBeenCalledWith('Saved audience', { size: 3 });
    expect(client.track_pageview).toHaveBeenCalledWith({ page: '/acme/audiences' });
    expect(client.identify).toHaveBeenCalledWith('7');
    expect(client.people.set).toHaveBeenCalledWith({ language: 'ja' });
    expect(client.register).toHaveBeenCalledWith({ flavour: 'dashboard' });
    expect(client.reset).toHaveBeenCalledTimes(1);
  });

  it('stops at once when consent is withdrawn', async () => {
    const { analytics, client, everything, setConsent } = setup();
    await everything();
    setConsent(false);
    analytics.withdraw();
    client.track.mockClear();
    await everything();
    expect(client.opt_out_tracking).toHaveBeenCalledTimes(1);
    expect(client.track).not.toHaveBeenCalled();
  });
});
