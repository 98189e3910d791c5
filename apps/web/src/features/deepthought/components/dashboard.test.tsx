import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HourAxis } from './dashboard';

describe('HourAxis', () => {
  it('labels every sixth of the 24 hours under a best-time chart', () => {
    renderWithProviders(<HourAxis />);
    const axis = screen.getByTestId('hour-axis');
    expect(axis.children).toHaveLength(24);
    expect([...axis.children].map((c) => c.textContent).filter(Boolean)).toEqual([
      '00:00',
      '06:00',
      '12:00',
      '18:00',
    ]);
  });
});
