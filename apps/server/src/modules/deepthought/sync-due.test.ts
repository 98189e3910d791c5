import { describe, expect, it } from 'vitest';
import { DT_AUTO_SYNC_RETRY_MS, DT_SYNC_REFRESH_MS } from '@murmur/core/api';
import type { DtAccountRow, DtJobRow } from './deepthought.repository';
import { syncDue } from './sync-job';

const now = new Date('2026-11-26T09:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const account = (syncedAt: Date | null) => ({ syncedAt }) as DtAccountRow;
const sync = (state: string, created: Date) => ({ kind: 'sync', state, created }) as DtJobRow;
const HOUR = 60 * 60 * 1000;

describe('a sync the suite starts by itself (status sync_due)', () => {
  it('is due for an account never synced, or synced longer ago than the refresh interval', () => {
    expect(syncDue(account(null), undefined, now)).toBe(true);
    expect(syncDue(account(ago(DT_SYNC_REFRESH_MS)), sync('done', ago(DT_SYNC_REFRESH_MS)), now)).toBe(true);
    expect(syncDue(account(ago(DT_SYNC_REFRESH_MS - HOUR)), sync('done', ago(DT_SYNC_REFRESH_MS)), now)).toBe(
      false,
    );
  });

  it('is not due while a sync is queued, running or waiting for X', () => {
    for (const state of ['queued', 'running', 'waiting'])
      expect(syncDue(account(null), sync(state, ago(3 * DT_SYNC_REFRESH_MS)), now), state).toBe(false);
  });

  it('does not retry a failed sync on every visit, but after the retry interval', () => {
    expect(syncDue(account(null), sync('failed', ago(DT_AUTO_SYNC_RETRY_MS - 1000)), now)).toBe(false);
    expect(syncDue(account(null), sync('failed', ago(DT_AUTO_SYNC_RETRY_MS)), now)).toBe(true);
  });
});
