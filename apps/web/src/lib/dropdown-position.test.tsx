import { Button, Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';

/**
 * jsdom lays nothing out: the window, the menu's button and its panel get the sizes a browser would
 * give them, so that floating-ui (through the theme's Popover defaults) places the panel as it would.
 */
let WINDOW = { width: 390, height: 844 };
const PANEL = { width: 700, height: 180 };
let trigger = { x: 300, y: 0, width: 80, height: 36 };

const rect = (x: number, y: number, width: number, height: number) =>
  ({
    x,
    y,
    width,
    height,
    top: y,
    left: x,
    right: x + width,
    bottom: y + height,
    toJSON: () => ({}),
  }) as DOMRect;

const isPanel = (element: Element) => element.classList.contains('mantine-Menu-dropdown');
const isTrigger = (element: Element) => element.getAttribute('data-testid') === 'trigger';

/** The panel's size as the browser would lay it out: its content, within the max-width it is given. */
const panelSize = (element: HTMLElement) => {
  const maxWidth = parseFloat(element.style.maxWidth) || Infinity;
  const maxHeight = parseFloat(element.style.maxHeight) || Infinity;
  return { width: Math.min(PANEL.width, maxWidth), height: Math.min(PANEL.height, maxHeight) };
};

beforeEach(() => {
  WINDOW = { width: 390, height: 844 };
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockImplementation(() => WINDOW.width);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockImplementation(() => WINDOW.height);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isPanel(this) ? panelSize(this).width : isTrigger(this) ? trigger.width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isPanel(this) ? panelSize(this).height : isTrigger(this) ? trigger.height : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (isTrigger(this)) return rect(trigger.x, trigger.y, trigger.width, trigger.height);
    if (isPanel(this)) return rect(0, 0, panelSize(this).width, panelSize(this).height);
    return rect(0, 0, 0, 0);
  });
});
afterEach(() => vi.restoreAllMocks());

function openMenu() {
  renderWithProviders(
    <Menu position="bottom-end" defaultOpened>
      <Menu.Target>
        <Button data-testid="trigger">Actions</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Open</Menu.Item>
      </Menu.Dropdown>
    </Menu>,
  );
  return screen.getByRole('menu');
}

/** The panel's left and top in the window, as floating-ui placed it. */
const placed = (panel: HTMLElement) => ({
  left: parseFloat(panel.style.left),
  top: parseFloat(panel.style.top),
});

describe('dropdown placement (SPEC §9, every Popover through the theme)', () => {
  it('is at most the window less 16 px each side wide, and shifted to stay 16 px inside it', async () => {
    trigger = { x: 300, y: 100, width: 80, height: 36 };
    const panel = openMenu();
    await waitFor(() => expect(panel.style.maxWidth).toBe(`${WINDOW.width - 32}px`));
    await waitFor(() => expect(placed(panel).left).toBe(16));
    expect(panel.getAttribute('data-position')).toBe('bottom-end');
  });

  it('opens upward near the bottom of the window when 300 px are free above', async () => {
    // 220 px below the button: the 180 px panel would fit, but SPEC §9 assumes 300.
    trigger = { x: 300, y: WINDOW.height - 256, width: 80, height: 36 };
    const panel = openMenu();
    await waitFor(() => expect(panel.getAttribute('data-position')).toBe('top-end'));
    expect(placed(panel).top + PANEL.height).toBeLessThanOrEqual(trigger.y);
  });

  it('opens downward with 300 px free below', async () => {
    trigger = { x: 300, y: WINDOW.height - 340, width: 80, height: 36 };
    const panel = openMenu();
    await waitFor(() => expect(panel.style.maxHeight).toBe(`${340 - 36 - 8 - 16}px`));
    expect(panel.getAttribute('data-position')).toBe('bottom-end');
  });

  it('opens downward when neither side has 300 px, its height capped 16 px above the bottom', async () => {
    WINDOW = { width: 390, height: 420 };
    // 200 px above and 184 px below: the panel does not fit below, nor does SPEC §9 open it upward.
    trigger = { x: 300, y: 200, width: 80, height: 36 };
    const panel = openMenu();
    await waitFor(() => expect(panel.style.maxHeight).toBe(`${184 - 8 - 16}px`));
    expect(panel.getAttribute('data-position')).toBe('bottom-end');
    expect(placed(panel).top + parseFloat(panel.style.maxHeight)).toBe(WINDOW.height - 16);
  });

  it('caps the width at 600 px on a wide window', async () => {
    WINDOW = { width: 1280, height: 800 };
    trigger = { x: 900, y: 100, width: 80, height: 36 };
    const panel = openMenu();
    await waitFor(() => expect(panel.style.maxWidth).toBe('600px'));
  });
});
