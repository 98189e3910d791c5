import type { UploadedAudience } from '@murmur/core/api';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UploadStates } from './audience-columns';

const upload = (state: UploadedAudience['state'], created: string): UploadedAudience => ({
  id: 1,
  audience_config: 7,
  team: { id: 1, slug: 'acme' },
  ad_account: { id: 'acc123', name: 'Acme Ads' },
  custom_audience_id: 'ca1',
  name: 'English speakers',
  state,
  targetable: false,
  uploaded_count: 10,
  audience_size: 0,
  created,
  checked: created,
});

describe('UploadStates', () => {
  afterEach(() => vi.useRealTimers());

  it('tells when a processing upload should be ready, and when it is late', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    const { rerender } = renderWithProviders(
      <UploadStates uploads={[upload('processing', '2026-11-24T09:00:00Z')]} />,
    );
    expect(screen.getByTestId('upload-expected').textContent).toBe('Usually ready in 21 hours.');
    // X's verdict is named as X's, so that it never reads against Murmur's own "Targetable".
    expect(screen.getByTestId('upload-state').textContent).toContain('Not yet targetable on X');
    rerender(<UploadStates uploads={[upload('processing', '2026-11-22T09:00:00Z')]} />);
    expect(screen.getByTestId('upload-expected').textContent).toContain('up to 48 hours');
    rerender(<UploadStates uploads={[upload('ready', '2026-11-22T09:00:00Z')]} />);
    expect(screen.queryByTestId('upload-expected')).toBeNull();
  });
});
