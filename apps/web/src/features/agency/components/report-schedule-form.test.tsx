import type { ReportSchedule } from '@murmur/core/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { parseRecipients, ReportScheduleForm } from './report-schedule-form';

const URL = '/api/teams/acme/report-schedule/';
const saved: ReportSchedule = {
  frequency: 'weekly',
  day: 1,
  hour: 9,
  time_zone: 'UTC',
  language: 'ja',
  recipients: ['client@acme.example'],
  brand_colour: '#d23f31',
  logo_media: null,
  last_sent_period: null,
  next_due: '2026-11-30T09:00:00Z',
};

describe('ReportScheduleForm', () => {
  it('reads addresses one per line or separated by commas', () => {
    expect(parseRecipients(' A@x.example,b@y.example\n\nc@z.example ')).toEqual([
      'a@x.example',
      'b@y.example',
      'c@z.example',
    ]);
  });

  it('refuses invalid addresses before sending anything', async () => {
    const ui = userEvent.setup();
    const put = vi.fn(() => ({ body: saved }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ [`GET ${URL}`]: { status: 404, body: { detail: 'None.' } }, [`PUT ${URL}`]: put }),
    );
    renderWithProviders(<ReportScheduleForm teamSlug="acme" />);
    await ui.type(await screen.findByLabelText(/Recipients/), 'ok@acme.example, nope');
    await ui.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(screen.getByText('These are not valid email addresses: nope')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    // "Send now" waits for a saved schedule.
    expect(screen.getByRole('button', { name: 'Send now' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the schedule and sends a test report now', async () => {
    const ui = userEvent.setup();
    const put = vi.fn(() => ({ body: { ...saved, recipients: ['a@acme.example', 'b@acme.example'] } }));
    const send = vi.fn(() => ({ body: { recipients: 2, period: '2026-11-23' } }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ [`GET ${URL}`]: { body: saved }, [`PUT ${URL}`]: put, [`POST ${URL}send/`]: send }),
    );
    renderWithProviders(<ReportScheduleForm teamSlug="acme" />);
    const recipients = await screen.findByLabelText<HTMLTextAreaElement>(/Recipients/);
    expect(recipients.value).toBe('client@acme.example');
    await ui.clear(recipients);
    await ui.type(recipients, 'a@acme.example\nb@acme.example');
    await ui.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const calls = put.mock.calls as unknown as [RequestInit][];
    expect(jsonBody(calls[0]![0])).toEqual({
      frequency: 'weekly',
      day: 1,
      hour: 9,
      time_zone: 'UTC',
      language: 'ja',
      recipients: ['a@acme.example', 'b@acme.example'],
      brand_colour: '#d23f31',
      logo_media: null,
    });
    await ui.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message for a refused address", async () => {
    const ui = userEvent.setup();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        [`GET ${URL}`]: { body: saved },
        [`PUT ${URL}`]: { status: 400, body: { recipients: ['Enter at most 20 addresses.'] } },
      }),
    );
    renderWithProviders(<ReportScheduleForm teamSlug="acme" />);
    await screen.findByLabelText(/Recipients/);
    await ui.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Enter at most 20 addresses.')).toBeTruthy();
  });

  it('offers the PNG and JPEG images of the media library as logo and sends the chosen one', async () => {
    const ui = userEvent.setup();
    const media = (id: number, name: string, mime: 'image/png' | 'image/gif') => ({
      id,
      team: 1,
      name,
      mime,
      size: 100,
      width: 10,
      height: 10,
      url: `https://media.example/${id}`,
      thumbnail_url: `https://media.example/${id}.jpg`,
      date: '2026-11-01T00:00:00Z',
    });
    const put = vi.fn(() => ({ body: { ...saved, logo_media: 7 } }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        [`GET ${URL}`]: { body: saved },
        'GET /api/ad-media/': {
          body: [media(7, 'Acme logo', 'image/png'), media(8, 'Dancing cat', 'image/gif')],
        },
        [`PUT ${URL}`]: put,
      }),
    );
    renderWithProviders(<ReportScheduleForm teamSlug="acme" />);
    await ui.click(await screen.findByRole('textbox', { name: /^Logo/ }));
    expect(await screen.findByRole('option', { name: 'Acme logo' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Dancing cat' })).toBeNull();
    await ui.click(screen.getByRole('option', { name: 'Acme logo' }));
    await ui.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const calls = put.mock.calls as unknown as [RequestInit][];
    expect(jsonBody(calls[0]![0])).toMatchObject({ logo_media: 7 });
  });
});
