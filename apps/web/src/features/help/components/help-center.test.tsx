import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HelpArticle, HelpArticleList } from '@murmur/core/api';
import { renderWithProviders, urlOf } from '@/test/render';
import { HelpCenter } from './help-center';

const ARTICLES: HelpArticle[] = [
  {
    id: 'sign-in-problems',
    kind: 'help',
    title: 'I cannot sign in',
    summary: 'Login codes.',
    sections: [{ id: 'code', title: 'Invalid login code', body: 'The code has 6 characters.' }],
  },
  {
    id: 'applying-audiences',
    kind: 'help',
    title: 'Applying an audience does not work',
    summary: 'The extension.',
    sections: [
      { id: 'handles', title: 'Only 100 handles were applied', body: 'X accepts at most 100 handles.' },
    ],
  },
];

/** The server as the help routes answer: a search keeps the articles holding `q`. */
function fakeHelpServer(fail = false) {
  const calls: URL[] = [];
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(urlOf(input), 'http://localhost');
    calls.push(url);
    const json = (status: number, body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    if (fail) return json(500, { detail: 'Server down' });
    if (url.pathname === '/api/help/articles/') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const results = ARTICLES.filter((a) => JSON.stringify(a).toLowerCase().includes(q)).map((a) => ({
        id: a.id,
        kind: a.kind,
        title: a.title,
        summary: a.summary,
        matches: a.sections.map((s) => s.title),
      }));
      return json(200, { results } satisfies HelpArticleList);
    }
    const article = ARTICLES.find((a) => url.pathname === `/api/help/articles/${a.id}/`);
    return article ? json(200, article) : json(404, { detail: 'No such help article.' });
  });
  vi.spyOn(window, 'fetch').mockImplementation(fetch);
  return calls;
}

describe('HelpCenter', () => {
  it('lists the articles, reads the first, and opens another on click', async () => {
    const ui = userEvent.setup();
    fakeHelpServer();
    renderWithProviders(<HelpCenter kind="help" />, { route: '/acme/help' });
    expect(await screen.findByRole('heading', { level: 2, name: 'I cannot sign in' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: /Applying an audience does not work/ }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Only 100 handles were applied' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Applying an audience/ }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it('searches after typing stops, in the interface language, and says when nothing is found', async () => {
    const ui = userEvent.setup();
    const calls = fakeHelpServer();
    renderWithProviders(<HelpCenter kind="help" />, { route: '/acme/help' });
    await screen.findByRole('heading', { level: 2, name: 'I cannot sign in' });
    await ui.type(screen.getByLabelText('Search'), 'handles');
    await waitFor(() => expect(screen.queryByRole('button', { name: /I cannot sign in/ })).toBeNull(), {
      timeout: 2000,
    });
    const searched = calls.filter((u) => u.searchParams.get('q') === 'handles');
    expect(searched).toHaveLength(1);
    expect(searched[0]!.searchParams.get('kind')).toBe('help');
    expect(searched[0]!.searchParams.get('language')).toBe('en');
    await ui.clear(screen.getByLabelText('Search'));
    await ui.type(screen.getByLabelText('Search'), 'zzzz');
    expect(
      await screen.findByText('No article contains every word of “zzzz”.', {}, { timeout: 2000 }),
    ).toBeTruthy();
  });

  it('shows the error with Retry when the articles cannot be loaded', async () => {
    fakeHelpServer(true);
    renderWithProviders(<HelpCenter kind="guide" />, { route: '/acme/guides' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Server down');
  });
});
