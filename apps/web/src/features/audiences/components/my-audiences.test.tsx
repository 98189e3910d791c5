import type { AudienceConfig } from '@murmur/core/api';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAudienceConfig, makeUser } from '@/test/fixtures';
import { fakeFetch, renderWithProviders, urlOf, type FakeRoute } from '@/test/render';
import { MyAudiences } from './my-audiences';

const audience = makeAudienceConfig;

const listRoute = (
  pages: (query: URLSearchParams) => { count: number; next: string | null; results: AudienceConfig[] },
) => vi.fn((_init: RequestInit | undefined, query: URLSearchParams) => ({ body: pages(query) }));

/** fakeFetch does not hand the query to routes; this wrapper does. */
const mockApi = (list: ReturnType<typeof listRoute>, extra: Record<string, FakeRoute> = {}) =>
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    if (url.pathname === '/api/audience-configs/' && (init?.method ?? 'GET') === 'GET') {
      return fakeFetch({ 'GET /api/audience-configs/': (i) => list(i, url.searchParams) })(input, init);
    }
    return fakeFetch(extra)(input, init);
  });

const lastQuery = (list: ReturnType<typeof listRoute>) => list.mock.calls.at(-1)![1];

describe('MyAudiences', { timeout: 30_000 }, () => {
  it('shows Name, Size, Country, Last modified, Upload status and Actions, and sorts on the server, descending with a leading minus', async () => {
    const list = listRoute(() => ({ count: 1, next: null, results: [audience(1, { targetable: false })] }));
    mockApi(list);
    const user = userEvent.setup();
    renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, { route: '/acme/audiences' });
    const table = await screen.findByRole('table', { name: 'My Audiences' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual([
      'Name',
      'Size (estimate)',
      'Country',
      'Last modified',
      'Upload status',
      'Actions',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    // The size's 95 % interval (300 of 100 000 sampled accounts × 5 000) beneath the estimate.
    for (const text of ['Audience 1', 'Japan', '1.5M', '1.3M–1.6M', 'Jan 6, 2026']) {
      expect(row.textContent).toContain(text);
    }
    // One size, labelled as the estimate it is.
    const kinds = [...row.querySelectorAll('[data-figure-kind]')].map((el) =>
      el.getAttribute('data-figure-kind'),
    );
    expect(kinds).toEqual(['estimate']);
    expect(row.querySelectorAll('[data-figure-part="interval"]')).toHaveLength(1);
    expect(lastQuery(list).get('ordering')).toBe('-modified');
    expect(lastQuery(list).get('team')).toBe('acme');

    await user.click(within(table).getByRole('button', { name: /Size \(estimate\)/ }));
    await waitFor(() => expect(lastQuery(list).get('ordering')).toBe('size'));
    await user.click(within(table).getByRole('button', { name: /Size \(estimate\)/ }));
    await waitFor(() => expect(lastQuery(list).get('ordering')).toBe('-size'));
  });

  it('adds a column from the picker, where each column says what it means', async () => {
    window.localStorage.clear();
    const list = listRoute(() => ({ count: 1, next: null, results: [audience(1, { targetable: false })] }));
    mockApi(list);
    const user = userEvent.setup();
    renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, { route: '/acme/audiences' });
    const table = await screen.findByRole('table', { name: 'My Audiences' });
    expect(within(table).queryByRole('columnheader', { name: /Status/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns to show' });
    const status = within(picker).getByRole('checkbox', { name: 'Status' });
    expect((status as HTMLInputElement).checked).toBe(false);
    // Every column in the picker has its definition, jargon included.
    for (const name of ['Status', 'Core audience (estimate)', 'Size as applied (estimate)', 'Targetable']) {
      expect(within(picker).getByRole('checkbox', { name, description: /.{20}/ })).toBeTruthy();
    }
    expect(picker.textContent).toContain('Active: saved and large enough to target (used or not).');
    expect(picker.textContent).toContain('match at least two of its criteria');
    await user.click(status);
    expect(await within(table).findByRole('columnheader', { name: 'Status' })).toBeTruthy();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Active');
    await user.click(within(picker).getByRole('checkbox', { name: 'Targetable' }));
    expect(row.textContent).toContain('Not targetable');
    window.localStorage.clear();
  });

  it('on the personal list, says where the team audiences are instead of only "0 saved"', async () => {
    const list = listRoute(() => ({ count: 0, next: null, results: [] }));
    mockApi(list, { 'GET /api/user/me/': { body: makeUser() } });
    renderWithProviders(<MyAudiences teamSlug={null} fallbackTeam="acme" />, { route: '/audiences' });
    const note = await screen.findByTestId('team-lists');
    expect(note.textContent).toContain('Your teams’ audiences are on each team’s list:');
    expect(within(note).getByRole('link', { name: 'Acme Marketing' }).getAttribute('href')).toBe(
      '/acme/audiences',
    );
    expect(screen.queryByText(/in every team/)).toBeNull();
  });

  it('filters by status and targetability, and says No results', async () => {
    const list = listRoute((query) =>
      query.get('targetable') === 'false'
        ? { count: 0, next: null, results: [] }
        : { count: 1, next: null, results: [audience(1)] },
    );
    mockApi(list);
    const user = userEvent.setup();
    renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, { route: '/acme/audiences' });
    await screen.findByText('Audience 1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paused');
    await waitFor(() => expect(lastQuery(list).get('status')).toBe('Paused'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Targetability' }), 'Not targetable');
    await waitFor(() => expect(lastQuery(list).get('targetable')).toBe('false'));
    expect(await screen.findByText('No results')).toBeTruthy();
  });

  it('loads the next page with Show more results', async () => {
    const list = listRoute((query) =>
      query.get('offset') === '0'
        ? { count: 2, next: '/api/audience-configs/?offset=1', results: [audience(1)] }
        : { count: 2, next: null, results: [audience(2)] },
    );
    mockApi(list);
    const user = userEvent.setup();
    renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, { route: '/acme/audiences' });
    await screen.findByText('Audience 1');
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(await screen.findByText('Audience 2')).toBeTruthy();
    expect(lastQuery(list).get('offset')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
  });

  it('deletes after confirming', async () => {
    let deleted = false;
    const list = listRoute(() => ({ count: 1, next: null, results: deleted ? [] : [audience(1)] }));
    const remove = vi.fn(() => {
      deleted = true;
      return { status: 204 };
    });
    // Ana (a member, not an admin) made it, so she may delete it.
    const ana = makeUser({
      memberships: [{ id: 11, level: 'member', team: { id: 7, name: 'Acme', slug: 'acme' } }],
    });
    mockApi(list, { 'DELETE /api/audience-configs/1/': remove, 'GET /api/user/me/': { body: ana } });
    const user = userEvent.setup();
    renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, { route: '/acme/audiences' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Audience 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete audience' });
    expect(dialog.textContent).toContain('Delete “Audience 1”? This cannot be undone.');
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('No audiences yet')).toBeTruthy();
  });

  it('offers Delete only to whoever made a team audience or a team admin', async () => {
    const list = listRoute(() => ({ count: 1, next: null, results: [audience(1)] }));
    const as = (id: number, level: 'admin' | 'member') =>
      makeUser({ id, memberships: [{ id: 12, level, team: { id: 7, name: 'Acme', slug: 'acme' } }] });
    for (const [who, offered] of [
      [as(2, 'member'), false],
      [as(2, 'admin'), true],
    ] as const) {
      vi.restoreAllMocks();
      mockApi(list, { 'GET /api/user/me/': { body: who } });
      const user = userEvent.setup();
      const { unmount } = renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, {
        route: '/acme/audiences',
      });
      await user.click(await screen.findByRole('button', { name: 'Actions for Audience 1' }));
      expect(await screen.findByRole('menuitem', { name: 'Download targeting package' })).toBeTruthy();
      expect(screen.queryByRole('menuitem', { name: 'Delete' }) !== null, who.memberships[0]!.level).toBe(
        offered,
      );
      unmount();
    }
  });

  it('downloads the targeting package as a JSON file', async () => {
    const list = listRoute(() => ({ count: 1, next: null, results: [audience(1, { name: 'Ramen fans!' })] }));
    const pkg = { ...emptyTargetingPackage(), keywords: [{ label: 'ramen' }] };
    mockApi(list, { 'GET /api/external/audience-configs/1/targeting-package/': { body: pkg } });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:package';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('ramen-fans-targeting-package.json');
      expect(this.href).toBe('blob:package');
    });
    const user = userEvent.setup();
    renderWithProviders(<MyAudiences teamSlug="acme" fallbackTeam="acme" />, { route: '/acme/audiences' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Ramen fans!' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download targeting package' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    expect(JSON.parse(text)).toEqual(pkg);
  });
});
