import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, renderWithProviders } from '@/test/render';
import { AutocompletePicker } from './autocomplete-picker';

const result = (value: string) => ({ value, label: value, detail: null, size: 1000 });

describe('AutocompletePicker', () => {
  it('never offers the list of an older text while the newer one is searched', async () => {
    // "ra" answers at once; "rab" never answers, as a slow search would.
    vi.spyOn(window, 'fetch').mockImplementation((_input, init) => {
      const { q } = jsonBody(init) as { q: string };
      if (q !== 'ra') return new Promise(() => {});
      return Promise.resolve(
        new Response(JSON.stringify({ results: [result('ramen')] }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    const onAdd = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <AutocompletePicker
        field="keywords"
        label="Keywords"
        description=""
        placeholder=""
        clean={(text) => text.trim()}
        optionLabel={(item) => item.label}
        pick="label"
        onAdd={onAdd}
      />,
    );
    const input = screen.getByLabelText('Keywords');
    await user.type(input, 'ra');
    expect(await screen.findByRole('option', { name: 'ramen' })).toBeTruthy();
    await user.type(input, 'b');
    // The answer for "ra" is gone at once, and stays gone while "rab" is searched.
    expect(screen.queryByRole('option', { name: 'ramen' })).toBeNull();
    await waitFor(() => expect(window.fetch).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('option', { name: 'ramen' })).toBeNull();
    // Enter adds what was typed, not the older list's first item.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onAdd).toHaveBeenCalledWith('rab');
    expect(onAdd).not.toHaveBeenCalledWith('ramen');
  });
});
