import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fixtureReport } from '../insights-fixture';
import type { InsightsReport } from '../types';
import { InsightsView } from './insights-view';
import { TAB_COMPONENTS, type InsightsTab } from './tabs/insights-tab-list';

type TabComponent = ComponentType<{ report: InsightsReport }>;

/** A tab whose drawing is not ready until `finish` is called (a heavy tab under load). */
function slowTab() {
  let ready = false;
  let resolve = () => {};
  const pending = new Promise<void>((done) => (resolve = done));
  const Tab: TabComponent = () => {
    // Suspense's contract: a component not ready throws the promise it waits for.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!ready) throw pending;
    return <p>Demographics drawn</p>;
  };
  const finish = () => {
    ready = true;
    resolve();
  };
  return { Tab, finish };
}

function Harness({ components }: { components: Record<InsightsTab, TabComponent> }) {
  const [tab, setTab] = useState<InsightsTab>('summary');
  return (
    <InsightsView report={fixtureReport} tab={tab} onTabChange={setTab} signedIn components={components} />
  );
}

describe('InsightsView', () => {
  it('selects a tab at once and shows a skeleton while the tab renders', async () => {
    const slow = slowTab();
    const components = { ...TAB_COMPONENTS, summary: () => <p>Summary drawn</p>, demographics: slow.Tab };
    const user = userEvent.setup();
    renderWithProviders(<Harness components={components} />);
    expect(screen.getByText('Summary drawn')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Demographics' }));
    expect(screen.getByRole('tab', { name: 'Demographics' }).getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel', { name: 'Demographics' });
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('tab-skeleton')).toBeTruthy();
    await act(async () => {
      slow.finish();
      await Promise.resolve();
    });
    expect(await screen.findByText('Demographics drawn')).toBeTruthy();
    expect(screen.queryByTestId('tab-skeleton')).toBeNull();
  });

  it('keeps a visited tab mounted: going back to it computes nothing again', async () => {
    let mounts = 0;
    const Summary: TabComponent = () => {
      const [mountedAt] = useState(() => ++mounts);
      return <p>Summary mount {mountedAt}</p>;
    };
    const components = { ...TAB_COMPONENTS, summary: Summary, demographics: () => <p>Demographics drawn</p> };
    const user = userEvent.setup();
    renderWithProviders(<Harness components={components} />);
    await user.click(screen.getByRole('tab', { name: 'Demographics' }));
    expect(await screen.findByText('Demographics drawn')).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'Summary' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    expect((await screen.findByRole('tabpanel', { name: 'Summary' })).textContent).toBe('Summary mount 1');
    expect(mounts).toBe(1);
  });
});
