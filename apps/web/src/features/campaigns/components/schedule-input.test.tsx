import { fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fromPickerValue, ScheduleInput } from './schedule-input';

const nineOnDecemberFirst = dayjs('2026-12-01 09:00').toISOString();

describe('ScheduleInput', () => {
  it('shows the date in English, and clears it', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ScheduleInput
        label="Start"
        placeholder="On publishing"
        value={nineOnDecemberFirst}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('1 Dec 2026, 09:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Start' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('shows the date, the month and the weekdays in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(
      <ScheduleInput label="開始" placeholder="公開時" value={nineOnDecemberFirst} onChange={() => {}} />,
    );
    const field = screen.getByRole('button', { name: '開始' });
    expect(field.textContent).toContain('2026年12月1日 09:00');
    fireEvent.click(field);
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('2026年12月')).toBeTruthy();
    expect(within(calendar).getByText('日')).toBeTruthy();
    expect(within(calendar).getByText('月')).toBeTruthy();
  });

  it('keeps an empty field empty and reads the picker’s local time as an instant', () => {
    renderWithProviders(
      <ScheduleInput label="End" placeholder="No end date" value={null} onChange={() => {}} />,
    );
    expect(screen.getByText('No end date')).toBeTruthy();
    expect(fromPickerValue('2026-12-01 09:00:00')).toBe(nineOnDecemberFirst);
    expect(fromPickerValue(null)).toBeNull();
  });

  it('offers no day before today: a campaign cannot start or end in the past', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 15, 10, 0));
    try {
      renderWithProviders(
        <ScheduleInput label="Start" placeholder="On publishing" value={null} onChange={() => {}} />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      const calendar = await screen.findByRole('dialog');
      const day = (n: string) =>
        within(calendar)
          .getAllByRole('button', { name: new RegExp(`^${n} December 2026$`) })
          .at(0)!;
      expect(day('14').hasAttribute('data-disabled')).toBe(true);
      expect(day('15').hasAttribute('data-disabled')).toBe(false);
      expect(day('16').hasAttribute('data-disabled')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
