import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductNameContext } from '@/components/page-title';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { CampaignNewRoute } from './campaign-new';

afterEach(() => vi.restoreAllMocks());

describe('pro /campaigns/new', () => {
  it('is titled after the screen when signed out, not after the product alone', async () => {
    document.title = '';
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'GET /api/user/me/': { status: 403, body: { detail: 'Not signed in.' } } }),
    );
    renderWithProviders(
      <ProductNameContext.Provider value="Targeting Toolkit">
        <CampaignNewRoute />
      </ProductNameContext.Provider>,
      { route: '/campaigns/new' },
    );
    expect(await screen.findByText('Sign in to start a campaign.')).toBeTruthy();
    expect(document.title).toBe('New campaign · Targeting Toolkit');
  });
});
