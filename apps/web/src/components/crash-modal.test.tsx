import { createCrashHandler } from '@murmur/core/crash';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installCrashReporting } from '../lib/crash';
import { renderWithProviders } from '../test/render';
import { CrashModal } from './crash-modal';

describe('crash handling', () => {
  it('shows an uncaught error in a modal that offers a reload', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    const handler = createCrashHandler({ reload });
    const uninstall = installCrashReporting(window, handler);
    renderWithProviders(<CrashModal handler={handler} />);

    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('Boom'), message: 'Boom' }));
    });
    expect(await screen.findByText('Boom')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('does not treat a ResizeObserver loop notice as a crash', () => {
    const handler = createCrashHandler({ reload: () => {} });
    const uninstall = installCrashReporting(window, handler);
    act(() => {
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
      );
    });
    expect(handler.current()).toBeUndefined();
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('Real'), message: 'Real' }));
    });
    expect(handler.current()?.message).toBe('Real');
    uninstall();
  });

  it('reports unhandled rejections and can be dismissed', async () => {
    const user = userEvent.setup();
    const handler = createCrashHandler({ reload: () => {} });
    const uninstall = installCrashReporting(window, handler);
    renderWithProviders(<CrashModal handler={handler} />);
    act(() => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(event, 'reason', { value: new Error('Rejected') });
      window.dispatchEvent(event);
    });
    expect(await screen.findByText('Rejected')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(handler.current()).toBeUndefined();
    uninstall();
  });
});
