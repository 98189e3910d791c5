import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OverflowTabs, visibleTabCount, visibleTabCountFor, type TabItem } from './overflow-tabs';

const TABS: TabItem[] = [
  { value: 'summary', label: 'Summary' },
  { value: 'demographics', label: 'Demographics' },
  { value: 'network', label: 'Network', disabled: true },
  { value: 'interests', label: 'Interests' },
  { value: 'wall', label: 'Content wall' },
];

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('summary');
  return (
    <OverflowTabs
      label="Insights"
      tabs={TABS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('visibleTabCount', () => {
  it('keeps every tab that fits at about 60 px each, leaving a slot for More', () => {
    expect(visibleTabCount(5, 0)).toBe(5);
    expect(visibleTabCount(5, 400)).toBe(5);
    expect(visibleTabCount(5, 300)).toBe(5);
    expect(visibleTabCount(5, 200)).toBe(2);
    expect(visibleTabCount(5, 50)).toBe(0);
  });
});

describe('visibleTabCountFor', () => {
  const MARKETING = ['About', 'Pro targeting', 'Pro solutions', 'Pro community', 'Marketing materials'];

  it('gives a long label the room it needs, so a phone puts the rest into More instead of clipping it', () => {
    // 358 px: a 390 px phone less its padding. Five tabs at 60 px would "fit"; their labels do not.
    const count = visibleTabCountFor(MARKETING, 358);
    expect(count).toBeLessThan(MARKETING.length);
    expect(count).toBeGreaterThan(0);
    expect(visibleTabCountFor(MARKETING, 1200)).toBe(MARKETING.length);
    // Short labels still take about 60 px each.
    expect(visibleTabCountFor(['A', 'B', 'C', 'D', 'E'], 300)).toBe(5);
  });
});

describe('OverflowTabs', () => {
  it('keeps one active tab chosen by click and ignores disabled tabs', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Demographics' }));
    expect(screen.getByRole('tab', { name: 'Demographics' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Summary' }).getAttribute('aria-selected')).toBe('false');
    const disabled = screen.getByRole('tab', { name: 'Network' });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    await user.click(disabled);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Demographics' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}'); // skips the disabled Network tab
    expect(screen.getByRole('tab', { name: 'Interests' }).getAttribute('aria-selected')).toBe('true');
  });

  it('puts the tabs that do not fit into a More menu', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 200,
      height: 40,
      top: 0,
      left: 0,
      right: 200,
      bottom: 40,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    renderWithProviders(<Harness />);
    // 200 px: "More" and "Summary"; "Demographics" needs more room than is left, so it is not cut off.
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Content wall' }));
    expect(screen.queryByRole('tab', { selected: true })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect((await screen.findByRole('menuitem', { name: 'Content wall' })).getAttribute('aria-current')).toBe(
      'true',
    );
  });
});
