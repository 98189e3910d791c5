import { avatarColor } from '@murmur/core/avatar';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows two uppercase initials in the tone picked for the name', () => {
    const { container } = renderWithProviders(<Avatar name="acme marketing" />);
    expect(screen.getByText('AM')).toBeTruthy();
    expect(container.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe(
      avatarColor('acme marketing'),
    );
  });
});
