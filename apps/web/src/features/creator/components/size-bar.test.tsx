import { emptyTargetingPackage } from '@murmur/core/targeting';
import { populationEstimate } from '@murmur/core/sampling';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { SizeBar } from './size-bar';

const figure = populationEstimate(500, { sampleSize: 100_000, rate: 5000 });
const estimate = {
  sample_count: 500,
  population_estimate: figure.value,
  size_bucket: '1M-5M',
  unmatched: [],
  handles_truncated: false,
  figure,
};

describe('SizeBar', () => {
  it('keeps the live size, labelled as an estimate, in a bar that links to the full panel', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'POST /api/build-audience/': { body: estimate } }),
    );
    const pkg = { ...emptyTargetingPackage(), keywords: [{ label: 'ramen' }] };
    renderWithProviders(<SizeBar pkg={pkg} exclusions={[]} panelId="creator-size-title" />);
    const bar = await screen.findByRole('status', { name: 'Audience size' });
    expect(bar.querySelector('[data-figure-kind="estimate"]')).toBeTruthy();
    expect(bar.textContent).toContain('Audience (estimate)');
    expect(bar.textContent).toContain('2.5M');
    expect(bar.style.position).toBe('sticky');
    expect(screen.getByRole('link', { name: 'Size details' }).getAttribute('href')).toBe(
      '#creator-size-title',
    );
  });

  it('shows nothing without a criterion', () => {
    renderWithProviders(<SizeBar pkg={emptyTargetingPackage()} exclusions={[]} panelId="x" />);
    expect(screen.queryByTestId('size-bar')).toBeNull();
  });
});
