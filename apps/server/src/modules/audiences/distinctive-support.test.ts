import { beforeAll, describe, expect, it } from 'vitest';
import type { AudienceEngine } from '@murmur/engine';
import type { TargetingPackageInput } from '@murmur/core/targeting';
import { testNetwork } from '../../test/test-engine';
import { pkg } from './audience-test-kit';

let engine: AudienceEngine;
beforeAll(async () => {
  ({ engine } = await testNetwork());
});

interface Checked {
  panel: string;
  key: string;
  count: number;
  minSupport: number;
  low: number;
  baseline: number;
}

/**
 * Every item of every "distinctive…" list in a report, with the minimum support of its panel's basis
 * and the lower end of its share interval against the baseline's share.
 */
function distinctiveItems(node: unknown, path: string, minSupport: number | null, out: Checked[]): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach((child, i) => distinctiveItems(child, `${path}[${i}]`, minSupport, out));
    return;
  }
  const record = node as Record<string, unknown>;
  const basis = record.basis as { minSupport?: number } | undefined;
  const support = typeof basis?.minSupport === 'number' ? basis.minSupport : minSupport;
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith('distinctive') && Array.isArray(value) && support !== null) {
      for (const item of value as {
        key?: string;
        handle?: string;
        count: number;
        shareInterval: [number, number];
        populationShare: number;
      }[]) {
        out.push({
          panel: `${path}.${key}`,
          key: item.key ?? item.handle ?? '?',
          count: item.count,
          minSupport: support,
          low: item.shareInterval[0],
          baseline: item.populationShare,
        });
      }
    }
    distinctiveItems(value, `${path}.${key}`, support, out);
  }
}

const AUDIENCES: [string, TargetingPackageInput][] = [
  ['Japanese speakers', { languages: [{ label: 'Japanese' }] }],
  ['in Japan', { countries: [{ label: 'JP' }] }],
  ['coffee in bio', { keywords: [{ label: 'coffee' }] }],
];

// No "distinctive" item has fewer than the minimum support (MIN_SUPPORT in
// packages/engine/src/insights/share.ts), on any panel of a sandbox audience's insights, and each
// one's share interval lies above the baseline's share (docs/engine.md: "An item is distinctive when
// its share's 95 % Wilson interval lies above the baseline's share").
describe('distinctive items on every insights panel', () => {
  it.each(AUDIENCES)(
    '%s: each has the minimum support and a share interval above the baseline',
    (_, input) => {
      const report = engine.insights(engine.evaluate(pkg(input)));
      const items: Checked[] = [];
      distinctiveItems(report, 'insights', null, items);
      // Not vacuous: the sandbox's audiences do have distinctive items on several panels.
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.panel.replace(/\[\d+\]/g, ''))).size).toBeGreaterThan(1);
      expect(items.filter((i) => i.minSupport < 5)).toEqual([]);
      expect(items.filter((i) => i.count < i.minSupport)).toEqual([]);
      expect(items.filter((i) => !(i.low > i.baseline))).toEqual([]);
    },
  );
});
