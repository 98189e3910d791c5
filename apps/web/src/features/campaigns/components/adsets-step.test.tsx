import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdingFetch, jsonBody, renderWithProviders } from '@/test/render';
import { AdsetsStep, emptyAdsetForm, type AdsetForm } from './adsets-step';

/** The step with its form kept in state, as the wizard keeps it. */
function Harness() {
  const [form, setForm] = useState<AdsetForm>(emptyAdsetForm);
  return <AdsetsStep teamSlug="acme" draftId={41} adsetForm={form} setAdsetForm={setForm} />;
}

const audience = (id: number, name: string) => ({
  id,
  name,
  size_figure: { kind: 'estimate', value: 1000, low: 800, high: 1200 },
});

describe('AdsetsStep', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps what is typed while an ad set is being saved, and clears only what was sent', async () => {
    const ui = userEvent.setup();
    const created: unknown[] = [];
    const answer = fakeFetch({
      'GET /api/campaigns/41/adsets/': { body: [] },
      'GET /api/audience-configs/': {
        body: {
          count: 2,
          next: null,
          previous: null,
          results: [audience(3, 'Coffee'), audience(4, 'Music')],
        },
      },
      'POST /api/adsets/': (init) => {
        created.push(jsonBody(init));
        return { status: 201, body: { id: created.length, ...(jsonBody(init) as object) } };
      },
    });
    // The first ad set's save answers only when released.
    const { release } = holdingFetch(answer, (init) => init?.method === 'POST' && created.length === 0);
    renderWithProviders(<Harness />);
    const name = screen.getByRole('textbox', { name: 'Ad set name' });
    const audienceBox = screen.getByRole('textbox', { name: 'Audience' });
    await ui.type(name, 'Coffee fans');
    await ui.click(audienceBox);
    await ui.click(await screen.findByRole('option', { name: 'Coffee' }));
    const add = screen.getByRole('button', { name: 'Add ad set' });
    await vi.waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await ui.click(add);
    // The next ad set's name, typed while the first is still being saved.
    await ui.clear(name);
    await ui.type(name, 'Music fans');
    release();
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ campaign: 41, name: 'Coffee fans', audience_config: 3 });
    // Saved: the audience sent is cleared, the name typed since is not.
    await vi.waitFor(() => expect((audienceBox as HTMLInputElement).value).toBe(''));
    expect((name as HTMLInputElement).value).toBe('Music fans');

    // Nothing changed while saving: both are cleared for the next one.
    await ui.click(audienceBox);
    await ui.click(await screen.findByRole('option', { name: 'Music' }));
    await ui.click(add);
    await vi.waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]).toMatchObject({ name: 'Music fans', audience_config: 4 });
    await vi.waitFor(() => expect((name as HTMLInputElement).value).toBe(''));
    expect((audienceBox as HTMLInputElement).value).toBe('');
  });
});
