import { screen } from '@testing-library/react';
import { DT_DAILY_LIMIT_STAGE, type DtJob } from '@murmur/core/api';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { JobProgress } from './dt-frame';

const job = (over: Partial<DtJob>): DtJob => ({
  id: 1,
  kind: 'unfollow',
  state: 'running',
  stage: 'Unfollowing',
  done: 10,
  total: 60,
  failed: 0,
  wait_until: null,
  error: null,
  created: '2026-11-22T10:00:00Z',
  updated: '2026-11-22T10:00:00Z',
  ...over,
});

describe('JobProgress', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('says when a job at X’s daily unfollow cap resumes, in English and in Japanese', async () => {
    const until = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const waiting = job({ state: 'waiting', stage: DT_DAILY_LIMIT_STAGE, wait_until: until });
    const { unmount } = renderWithProviders(<JobProgress job={waiting} />);
    expect(screen.getByText("Unfollow · waiting for X's daily limit")).toBeTruthy();
    expect(
      screen.getByText(/^X allows 400 unfollows a day for each account: continuing in [45] hours \(.+\)\.$/),
    ).toBeTruthy();
    unmount();

    await applyLanguage('ja');
    renderWithProviders(<JobProgress job={waiting} />);
    expect(screen.getByText('フォロー解除 · Xの1日の上限の解除待ち')).toBeTruthy();
    expect(
      screen.getByText(
        /^Xのフォロー解除は1アカウントにつき1日400件までです。[45] 時間後（.+）に再開します。$/,
      ),
    ).toBeTruthy();
  });

  it('keeps X’s 15-minute window apart from the daily cap', () => {
    const until = new Date(Date.now() + 60_000).toISOString();
    renderWithProviders(<JobProgress job={job({ state: 'waiting', wait_until: until })} />);
    expect(screen.getByText("Unfollow · waiting for X's rate limit")).toBeTruthy();
    expect(
      screen.getByText(/^X's rate limit is reached; continuing in (\d+ seconds|1 minute)\.$/),
    ).toBeTruthy();
  });
});
