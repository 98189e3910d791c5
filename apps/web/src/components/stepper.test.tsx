import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Stepper } from './stepper';

function Flow({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const [name, setName] = useState('');
  return (
    <Stepper
      onSubmit={onSubmit}
      steps={[
        {
          label: 'Name',
          valid: name !== '',
          content: (
            <input aria-label="Audience name" value={name} onChange={(e) => setName(e.target.value)} />
          ),
        },
        { label: 'Countries', valid: true, content: <p>Pick countries</p> },
        { label: 'Review', valid: true, content: <p>Check everything</p> },
      ]}
    />
  );
}

describe('Stepper', () => {
  it('moves forward only when the step is valid, and back always', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Flow onSubmit={() => Promise.resolve()} />);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('Audience name'), 'Runners');
    await user.click(next);
    expect(screen.getByText('Pick countries')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Audience name')).toBeTruthy();
  });

  it('jumps only to earlier or current steps', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Flow onSubmit={() => Promise.resolve()} />);
    await user.type(screen.getByLabelText('Audience name'), 'Runners');
    // A later step cannot be jumped to.
    await user.click(screen.getByRole('button', { name: /Review/ }));
    expect(screen.getByLabelText('Audience name')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Check everything')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getByLabelText('Audience name')).toBeTruthy();
  });

  it('submits on the last step', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<Flow onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Audience name'), 'Runners');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });
});
