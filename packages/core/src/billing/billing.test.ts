import { describe, expect, it } from 'vitest';
import type { Subscription } from '../api';
import {
  hasActiveSubscription,
  hasEnterpriseSubscription,
  isBillingComplete,
  isEnterpriseSubscription,
  latestSubscription,
} from './billing';

const sub = (start: string, active: boolean, plan = 'Pro'): Subscription => ({
  start,
  active,
  plan: { name: plan },
});

describe('isBillingComplete (SPEC §6)', () => {
  const complete = { invoice_email: 'billing@acme.com', country: 'NL', invoice_name: 'Acme BV' };

  it('needs invoice_email, country and invoice_name', () => {
    expect(isBillingComplete(complete)).toBe(true);
    expect(isBillingComplete({ ...complete, invoice_email: null })).toBe(false);
    expect(isBillingComplete({ ...complete, country: '' })).toBe(false);
    expect(isBillingComplete({ ...complete, invoice_name: '   ' })).toBe(false);
    expect(isBillingComplete(null)).toBe(false);
  });
});

describe('latestSubscription', () => {
  it('picks the latest start, whatever the order', () => {
    const newest = sub('2026-03-01T00:00:00Z', false);
    expect(latestSubscription([sub('2025-01-01T00:00:00Z', true), newest, sub('2026-01-01', true)])).toBe(
      newest,
    );
  });

  it('prefers the later entry on equal starts and ranks bad dates oldest', () => {
    const a = sub('2026-01-01T00:00:00Z', true);
    const b = sub('2026-01-01T00:00:00Z', false);
    expect(latestSubscription([a, b])).toBe(b);
    expect(latestSubscription([a, sub('not a date', false)])).toBe(a);
  });

  it('is undefined without subscriptions', () => {
    expect(latestSubscription([])).toBeUndefined();
    expect(latestSubscription(undefined)).toBeUndefined();
  });
});

describe('hasActiveSubscription (SPEC §6)', () => {
  it('looks only at the latest-started subscription', () => {
    expect(
      hasActiveSubscription({ subscriptions: [sub('2025-01-01', false), sub('2026-01-01', true)] }),
    ).toBe(true);
    expect(
      hasActiveSubscription({ subscriptions: [sub('2025-01-01', true), sub('2026-01-01', false)] }),
    ).toBe(false);
    expect(hasActiveSubscription({ subscriptions: [] })).toBe(false);
    expect(hasActiveSubscription(undefined)).toBe(false);
  });
});

describe('enterprise subscriptions (SPEC §6)', () => {
  it('recognises plan names containing enterprise in any case', () => {
    expect(isEnterpriseSubscription(sub('2026-01-01', true, 'Enterprise'))).toBe(true);
    expect(isEnterpriseSubscription(sub('2026-01-01', true, 'Pro ENTERPRISE yearly'))).toBe(true);
    expect(isEnterpriseSubscription(sub('2026-01-01', true, 'Pro'))).toBe(false);
    expect(isEnterpriseSubscription(undefined)).toBe(false);
  });

  it('needs the current subscription to be an active enterprise one', () => {
    const old = sub('2025-01-01', true, 'Enterprise');
    expect(hasEnterpriseSubscription({ subscriptions: [old] })).toBe(true);
    expect(hasEnterpriseSubscription({ subscriptions: [old, sub('2026-01-01', true, 'Pro')] })).toBe(false);
    expect(hasEnterpriseSubscription({ subscriptions: [sub('2026-01-01', false, 'Enterprise')] })).toBe(
      false,
    );
    expect(hasEnterpriseSubscription(null)).toBe(false);
  });
});
