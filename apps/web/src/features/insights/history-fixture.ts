import type {
  AudienceChanges,
  AudienceDigest,
  AudienceHistory,
  AudiencePoint,
  MembershipChanges,
  MembershipSide,
} from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';

// Two days of a saved audience's history and what changed between them, for the screen's tests.

const digest = (members: number, jp: number): AudienceDigest => ({
  members,
  fields: {
    country: {
      values: [
        { value: 'US', label: 'United States', count: members - jp },
        { value: 'JP', label: 'Japan', count: jp },
      ],
      complete: true,
    },
    language: { values: [{ value: 'en', label: 'English', count: members }], complete: true },
    gender: { values: [], complete: true },
    ageBand: { values: [], complete: true },
    device: { values: [], complete: true },
  },
});

const point = (day: string, members: number, jp: number): AudiencePoint => ({
  day,
  measured: `${day}T06:00:00.000Z`,
  size: populationEstimate(members, { sampleSize: 100_000, rate: 100 }),
  digest: digest(members, jp),
});

export const historyFixture = (configId = 5, days = 2): AudienceHistory => ({
  audience_config_id: configId,
  retention_days: 400,
  points: [point('2026-11-20', 1800, 450), point('2026-11-21', 1580, 230)].slice(0, days),
});

export const changesFixture = (configId = 5): AudienceChanges => {
  const [a, b] = historyFixture(configId).points as [AudiencePoint, AudiencePoint];
  return {
    audience_config_id: configId,
    from: { day: a.day, measured: a.measured, size: a.size },
    to: { day: b.day, measured: b.measured, size: b.size },
    size: { change: b.size.value / a.size.value - 1, p: 0.0001, significant: true },
    fdr: 0.05,
    tested: 3,
    moved: [
      {
        field: 'country',
        value: 'JP',
        label: 'Japan',
        from: { count: 450, share: 0.25, low: 0.23, high: 0.27, at_most: false },
        to: { count: 230, share: 0.1456, low: 0.13, high: 0.16, at_most: false },
        difference: -0.1044,
        p: 1e-12,
        q: 3e-12,
      },
    ],
  };
};

/** Who joined and who left between the fixture's two days: `joined` and `left` accounts, at most 20 shown. */
export const membersFixture = (configId = 5, joined = 3, left = 25): MembershipChanges => {
  const side = (count: number, first: number): MembershipSide => ({
    count: { kind: 'count', value: count, of: 'indexed' },
    estimate: populationEstimate(count, { sampleSize: 100_000, rate: 100 }),
    sample: Array.from({ length: Math.min(count, 20) }, (_, i) =>
      i === 1 && first > 100
        ? { id: `${first + i}`, in_network: false, handle: null, name: null, followers: null, verified: null }
        : {
            id: `${first + i}`,
            in_network: true,
            handle: `user${first + i}`,
            name: `User ${first + i}`,
            followers: 1000 - i,
            verified: i === 0,
          },
    ),
  });
  return {
    audience_config_id: configId,
    from: { day: '2026-11-20', measured: '2026-11-20T06:00:00.000Z' },
    to: { day: '2026-11-21', measured: '2026-11-21T06:00:00.000Z' },
    cap: 2_000_000,
    unavailable: null,
    joined: side(joined, 100),
    left: side(left, 500),
  };
};
