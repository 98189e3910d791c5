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

  it('pauses the store while hovered and resumes when left', async () => {
    const user = userEvent.setup();
    const store = createNotificationStore({ defaultTimeout: 0 });
    renderWithProviders(<NotificationsView store={store} />);
    act(() => void store.add('Hello', 'info'));
    await user.hover(screen.getByText('Hello'));
    expect(store.isPaused()).toBe(true);
    await user.unhover(screen.getByText('Hello'));
    expect(store.isPaused()).toBe(false);
  });
});
