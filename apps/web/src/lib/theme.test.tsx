import { Alert, Button, Menu, mergeMantineTheme, DEFAULT_THEME, Notification } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { theme } from './theme';

describe('theme (axe)', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);

  it('draws light and subtle text in shade 9 (red subtle was 4.28:1 on the page grey)', () => {
    for (const variant of ['light', 'subtle'])
      expect(merged.variantColorResolver({ color: 'red', variant, theme: merged }).color).toBe(
        'var(--mantine-color-red-9)',
      );
    expect(merged.variantColorResolver({ color: 'red', variant: 'filled', theme: merged }).color).toBe(
      'var(--mantine-color-white)',
    );
  });

  it('fills a red button with shade 9: white on red.8 is 4.51:1, under 4.5 while a dialog fades in', () => {
    const filled = merged.variantColorResolver({ color: 'red', variant: 'filled', theme: merged });
    expect(filled.background).toBe(merged.colors.red[9]);
    expect(filled.hover).not.toBe(filled.background);
    // An explicit shade and other colours keep Mantine's own.
    expect(
      merged.variantColorResolver({ color: 'red.6', variant: 'filled', theme: merged }).background,
    ).not.toBe(merged.colors.red[9]);
    expect(merged.variantColorResolver({ color: 'teal', variant: 'filled', theme: merged }).background).toBe(
      'var(--mantine-color-teal-filled)',
    );
  });

  it("opens a menu with only its items inside (no focus placeholder: axe's aria-required-children)", async () => {
    renderWithProviders(
      <Menu>
        <Menu.Target>
          <Button>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Open</Menu.Item>
          <Menu.Item>Delete</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    screen.getByRole('button', { name: 'Actions' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect([...menu.children].map((child) => child.getAttribute('role'))).toEqual(['menuitem', 'menuitem']);
  });

  it('opens any menu on hover as well as on click, and closes it when the pointer leaves (SPEC §4)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Menu>
        <Menu.Target>
          <Button>Row actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Open</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    await user.hover(screen.getByRole('button', { name: 'Row actions' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
    await user.unhover(screen.getByRole('button', { name: 'Row actions' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('keeps the line breaks of a message naming several fields, in alerts and toasts (SPEC §8)', () => {
    const message = 'Name: This field is required.\nCountry: Unknown country code.';
    renderWithProviders(
      <>
        <Alert data-testid="alert">{message}</Alert>
        <Notification data-testid="toast">{message}</Notification>
      </>,
    );
    const alertMessage = screen.getByTestId('alert').querySelector('.mantine-Alert-message') as HTMLElement;
    const toastMessage = screen
      .getByTestId('toast')
      .querySelector('.mantine-Notification-description') as HTMLElement;
    expect(alertMessage.style.whiteSpace).toBe('pre-line');
    expect(toastMessage.style.whiteSpace).toBe('pre-line');
  });
});
