import { createNotificationStore } from '@murmur/core/notifications';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { NotificationsView } from './notifications-view';

describe('NotificationsView', () => {
  it('shows toasts by level and removes them when closed', async () => {
    const user = userEvent.setup();
    const store = createNotificationStore({ defaultTimeout: 0 });
    renderWithProviders(<NotificationsView store={store} />);
    act(() => {
      store.add('Saved', 'success');
      store.add('Could not save', 'error');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    await user.click(screen.getAllByRole('button', { name: 'Close notification' })[0]!);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('keeps showing new toasts after the last one is closed with its ×', async () => {
    const user = userEvent.setup();
    const store = createNotificationStore({ defaultTimeout: 0 });
    renderWithProviders(<NotificationsView store={store} />);
    act(() => void store.add('First', 'success'));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('First')).toBeNull();
    act(() => void store.add('Second', 'error'));
    expect(screen.getByRole('alert').textContent).toContain('Second');
    act(() => void store.add('Third', 'success'));
    expect(screen.getByText('Third')).toBeTruthy();
  });

  it('accepts new toasts while hovered and holds their countdown until the pointer leaves', async () => {
    const user = userEvent.setup();
    const store = createNotificationStore();
    renderWithProviders(<NotificationsView store={store} />);
    act(() => void store.add('Hello', 'info'));
    await user.hover(screen.getByText('Hello'));
    expect(store.isHeld()).toBe(true);
    act(() => void store.add('While hovered', 'success'));
    expect(screen.getByText('While hovered')).toBeTruthy();
    await user.unhover(screen.getByText('Hello'));
    expect(store.isHeld()).toBe(false);
    store.clear();
  });
});
