import { screen } from '@testing-library/react';
import type { DtJob, DtStatus } from '@murmur/core/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { dtStatus } from '../dt-fixture';
import { SyncBar } from './dt-frame';

const job = (state: DtJob['state']): DtJob => ({
  id: 7,
  kind: 'sync',
  state,
  stage: 'Followers',
  done: 2,
  total: 9,
  failed: 0,
  wait_until: null,
  error: null,
  created: '2026-11-26T09:00:00Z',
  updated: '2026-11-26T09:00:01Z',
});

/** The fake server: status answers `sync_due` until a sync is posted, then the running job. */
function server(due: boolean) {
  let posted = 0;
  const status = (): DtStatus =>
    dtStatus({ job: posted > 0 ? job('running') : null, sync_due: due && posted === 0 });
  const fetch = vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/external/deepthought/status/': () => ({ body: status() }),
      'POST /api/external/deepthought/sync/': () => {
        posted++;
        return { body: job('queued') };
      },
      'GET /api/external/deepthought/jobs/7/': { body: job('running') },
    }),
  );
  return { fetch, posts: () => posted };
}

const PROGRESS = { en: 'Sync · running', ja: '同期 · 実行中' } as const;
const FIRST_SYNC = {
  en: 'Reading your account from X for the first time…',
  ja: 'Xからアカウント情報を初めて読み込んでいます…',
} as const;

describe('Deep Thought starts a due sync by itself', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it.each(['en', 'ja'] as const)(
    'a premium account never synced gets one sync, with its progress shown (%s)',
    async (lang) => {
      await applyLanguage(lang);
      const fake = server(true);
      const { rerender } = renderWithProviders(<SyncBar syncedAt={null} />);
      expect(await screen.findByText(PROGRESS[lang])).toBeTruthy();
      // The bar says the first copy is being read, not "Not synced yet".
      expect(screen.getByText(FIRST_SYNC[lang])).toBeTruthy();
      rerender(<SyncBar syncedAt={null} />);
      await new Promise((r) => setTimeout(r, 100));
      expect(fake.posts()).toBe(1);
    },
  );

  it('starts none when the server says none is due (synced lately, or one running)', async () => {
    const fake = server(false);
    renderWithProviders(<SyncBar syncedAt="2026-11-26T08:00:00Z" />);
    expect(await screen.findByRole('button', { name: 'Sync now' })).toBeTruthy();
    await vi.waitFor(() => expect(fake.fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.posts()).toBe(0);
  });
});
