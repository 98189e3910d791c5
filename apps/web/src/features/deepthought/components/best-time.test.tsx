import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HourAxis, OwnHours } from './best-time';

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

describe('OwnHours', () => {
  const hours = (at: number[]) => Array.from({ length: 24 }, (_, h) => (at.includes(h) ? 1 / at.length : 0));

  it('says one post in the singular and counts more', () => {
    const { unmount } = renderWithProviders(<OwnHours hours={hours([23])} posts={1} />);
    expect(screen.getByText('You posted 1 time in the last 7 days, at 23:00.')).toBeTruthy();
    unmount();
    renderWithProviders(<OwnHours hours={hours([9, 23])} posts={4} />);
    expect(screen.getByText('You posted 4 times in the last 7 days, most at 09:00, 23:00.')).toBeTruthy();
  });
});
