import { act, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HASH_WAIT_MS, ScrollOnNavigate } from './use-scroll-on-navigate';

/** A section that renders only once its page's data has arrived (`after` ms). */
function LateSection({ after }: { after: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), after);
    return () => clearTimeout(timer);
  }, [after]);
  return shown ? <div id="team-members">Members</div> : <p>Loading…</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

const setup = () => {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ScrollOnNavigate />
            <div id="billing">Billing</div>
          </>
        ),
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('ScrollOnNavigate', () => {
  it('scrolls to the top on navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = setup();
    scrollTo.mockClear();
    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('scrolls smoothly to the hash element after 200 ms', async () => {
    vi.useFakeTimers();
    const scrollIntoView = vi.fn();
    window.HTMLElement.prototype.scrollIntoView = scrollIntoView;
    const router = setup();
    await act(() => router.navigate('/b#billing'));
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('on a fresh load, scrolls to the hash element once it appears after the page loads its data', async () => {
    vi.useFakeTimers();
    const scrollIntoView = vi.fn();
    window.HTMLElement.prototype.scrollIntoView = scrollIntoView;
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <ScrollOnNavigate />
              <LateSection after={1500} />
            </>
          ),
        },
      ],
      { initialEntries: ['/acme/team#team-members'] },
    );
    render(<RouterProvider router={router} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(600);
      await Promise.resolve(); // the MutationObserver's callback (a microtask)
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveProperty('id', 'team-members');
  });

  it('gives up waiting for a hash element that never appears', () => {
    vi.useFakeTimers();
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    const router = createMemoryRouter([{ path: '*', element: <ScrollOnNavigate /> }], {
      initialEntries: ['/acme/team#nothing'],
    });
    render(<RouterProvider router={router} />);
    act(() => {
      vi.advanceTimersByTime(200 + HASH_WAIT_MS);
    });
    expect(disconnect).toHaveBeenCalled();
  });
});
