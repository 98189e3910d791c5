import type { AudienceConfig, TeamAccount } from '@murmur/core/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { UploadAudienceModal } from './upload-audience-modal';

const audience = { id: 7, name: 'English speakers' } as AudienceConfig;
const granted = [
  { id: 1, member: 11, account: { account_id: 'acc123', network: 'twitter' }, name: null },
] as TeamAccount[];

describe('UploadAudienceModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('cannot upload before the ad accounts have loaded, then sends the chosen account', async () => {
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const upload = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: { id: 1, ...(jsonBody(init) as Record<string, unknown>) },
    }));
    const answer = fakeFetch({
      'GET /api/teams/acme/accounts/': { body: granted },
      'GET /api/japanese-agreement/': { body: { required: false, accepted: false } },
      'POST /api/uploaded-audiences/': upload,
    });
    vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/accounts/')) await loaded;
      return answer(input, init);
    });
    renderWithProviders(
      <UploadAudienceModal audience={audience} team="acme" admin onClose={() => undefined} />,
    );
    const button = await screen.findByRole('button', { name: 'Upload' });
    expect(button.hasAttribute('disabled') || button.getAttribute('data-loading') !== null).toBe(true);
    fireEvent.click(button);
    expect(upload).not.toHaveBeenCalled();
    await act(() => {
      release();
      return loaded;
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(jsonBody(upload.mock.calls[0]![0])).toEqual({
      audience_config: 7,
      team: 'acme',
      account_id: 'acc123',
    });
  });

  it('names the ad account and goes on uploading once the Japanese agreement is accepted', async () => {
    const upload = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: { id: 1, ...(jsonBody(init) as Record<string, unknown>) },
    }));
    const accept = vi.fn(() => ({ body: { required: true, accepted: true } }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/accounts/': { body: granted },
        'GET /api/user/accounts/': { body: [{ id: 'acc123', name: 'Tokyo Shop Ads' }] },
        'GET /api/japanese-agreement/': { body: { required: true, accepted: false } },
        'POST /api/japanese-agreement/': accept,
        'POST /api/uploaded-audiences/': upload,
      }),
    );
    const closed = vi.fn();
    renderWithProviders(<UploadAudienceModal audience={audience} team="acme" admin onClose={closed} />);
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Ad account' })).toHaveProperty(
        'value',
        'Tokyo Shop Ads (acc123)',
      ),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I accept' }));
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(accept).toHaveBeenCalledTimes(1);
    expect(jsonBody(upload.mock.calls[0]![0])).toMatchObject({ account_id: 'acc123' });
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
  });

  it('names an ad account another member granted, which the uploader’s own X account does not list', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/teams/acme/accounts/': {
          body: [
            {
              id: 2,
              member: 12,
              account: { account_id: 'd8fdy3xozyz', network: 'twitter' },
              name: 'Osaka Ads',
            },
          ],
        },
        'GET /api/user/accounts/': { body: [] },
        'GET /api/japanese-agreement/': { body: { required: false, accepted: false } },
      }),
    );
    renderWithProviders(
      <UploadAudienceModal audience={audience} team="acme" admin={false} onClose={() => undefined} />,
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Ad account' })).toHaveProperty(
        'value',
        'Osaka Ads (d8fdy3xozyz)',
      ),
    );
  });
});
