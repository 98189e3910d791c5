import type { AlertEvent } from '@murmur/core/api';
import { describe, expect, it } from 'vitest';
import { weeklyMail } from './modules/pro/monitors.service';
import { alertMail } from './modules/audiences/alerts.service';

// The sizes the mails print are SPEC §9's compact figures in the owner's language: 1.2M in English,
// 120万 (and 億) in Japanese, the same rule as the screens (@murmur/core/format).
const sizeAlert = {
  id: 'evt_1',
  type: 'changed',
  created: '2026-01-02T00:00:00.000Z',
  audience: { id: 1, name: 'Coffee fans' },
  alert: { id: 1, kind: 'size', threshold: 5 },
  from: { day: '2026-01-01', size: { value: 1_234_567 } },
  to: { day: '2026-01-02', size: { value: 123_456_789 } },
  size_change: 99,
  moved: [],
} as unknown as AlertEvent;

describe('the size figures of alert and monitor mails', () => {
  it('are in 万 and 億 for a Japanese owner', () => {
    const alert = alertMail('owner@example.com', 'ja', sizeAlert, 'https://murmur.test/a/1');
    expect(alert.text).toContain('規模: 123万 → 1.2億');
    expect(alert.text).not.toMatch(/\d[KM]\b/);
    const weekly = weeklyMail('owner@example.com', 'ja', 'Coffee fans', 18_100_000, 17_000_000);
    expect(weekly.text).toContain('1810万');
    expect(weekly.text).not.toMatch(/\d(?:\.\d)?[KM]\b/);
  });

  it('stay in K and M for an English owner', () => {
    expect(alertMail('owner@example.com', 'en', sizeAlert, 'https://murmur.test/a/1').text).toContain(
      '1.2M → 123.4M',
    );
    expect(weeklyMail('owner@example.com', 'en', 'Coffee fans', 18_100_000, 17_000_000).text).toContain(
      '18.1M',
    );
  });
});
