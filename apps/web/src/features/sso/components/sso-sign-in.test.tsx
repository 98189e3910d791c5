import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SsoSignIn } from './sso-sign-in';

describe('SsoSignIn', () => {
  it("sends the browser to the team's sign-in start with what was typed", async () => {
    const ui = userEvent.setup();
    const navigate = vi.fn();
    renderWithProviders(<SsoSignIn navigate={navigate} />);
    const button = screen.getByRole('button', { name: 'Continue with SSO' });
    expect(button).toHaveProperty('disabled', true);
    await ui.type(
      screen.getByRole('textbox', { name: /Sign in with your company/ }),
      'jane@acme.example{Enter}',
    );
    expect(navigate).toHaveBeenCalledWith('/api/auth/sso/jane%40acme.example/start');
  });

  it('names the reason a sign-in came back refused', () => {
    renderWithProviders(<SsoSignIn error="domain" navigate={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Your e-mail address is not in a domain this team allows.',
    );
  });
});
