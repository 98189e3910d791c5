import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AsyncButton } from './async-button';

describe('AsyncButton', () => {
  it('shows a spinner and ignores clicks until the work is done', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onClick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<AsyncButton onClick={onClick}>Apply</AsyncButton>);
    const button = screen.getByRole('button', { name: 'Apply' });

    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-loading')).toBe(true);
    await user.click(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    await act(() => {
      finish();
      return Promise.resolve();
    });
    expect(button.getAttribute('aria-busy')).toBe('false');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
