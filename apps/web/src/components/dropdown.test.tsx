import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Dropdown } from './dropdown';
import { computeDropdownPlacement } from './dropdown-placement';

describe('Dropdown', () => {
  it('opens on click and closes on an outside click', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <div>
        <Dropdown label="Filters">Filter panel</Dropdown>
        <p>Outside</p>
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await user.click(trigger);
    expect(screen.getByText('Filter panel')).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByText('Filter panel')).toBeNull();
  });

  it('toggles with the trigger and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Dropdown label="Filters">Filter panel</Dropdown>);
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByText('Filter panel')).toBeNull();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Filter panel')).toBeNull();
  });

  it('opens on hover when asked to', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Dropdown label="Help" openOn="hover">
        Hover panel
      </Dropdown>,
    );
    await user.hover(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByText('Hover panel')).toBeTruthy();
  });

  it('opens upward when less than 300 px are left below the trigger', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: 600,
      bottom: 620,
      left: 10,
      right: 100,
      width: 90,
      height: 20,
      x: 10,
      y: 600,
      toJSON: () => ({}),
    });
    Object.defineProperty(window, 'innerHeight', { value: 768, configurable: true });
    renderWithProviders(<Dropdown label="Filters">Filter panel</Dropdown>);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByText('Filter panel').getAttribute('data-direction')).toBe('up');
  });
});

describe('computeDropdownPlacement', () => {
  const viewport = { width: 1280, height: 800 };
  it('opens downward with room below, at most 600 px wide', () => {
    expect(computeDropdownPlacement({ top: 100, bottom: 120, left: 20, right: 80 }, viewport)).toEqual({
      direction: 'down',
      maxWidth: 600,
      align: 'start',
    });
  });
  it('keeps a 16 px margin on narrow windows and aligns to the end near the right edge', () => {
    expect(
      computeDropdownPlacement({ top: 100, bottom: 120, left: 300, right: 360 }, { width: 400, height: 800 }),
    ).toEqual({
      direction: 'down',
      maxWidth: 368,
      align: 'start',
    });
    expect(computeDropdownPlacement({ top: 100, bottom: 120, left: 900, right: 1000 }, viewport).align).toBe(
      'end',
    );
  });
  it('opens upward near the bottom of the window', () => {
    expect(computeDropdownPlacement({ top: 700, bottom: 720, left: 0, right: 50 }, viewport).direction).toBe(
      'up',
    );
  });
});
