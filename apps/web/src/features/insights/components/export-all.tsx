import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PngSource } from '@/lib/export-png';
import type { InsightsReport } from '../types';
import { INSIGHTS_TABS, TAB_COMPONENTS, TAB_LABEL_KEYS, type InsightsTab } from './tabs/insights-tab-list';

export interface ExportAllStageProps {
  report: InsightsReport;
  tabs: readonly InsightsTab[];
  /** Called once every panel has drawn, with the panels in screen order. */
  onReady: (sources: PngSource[]) => void;
  /** Called when the drawings did not finish in time. */
  onTimeout: () => void;
  /** Width the panels are laid out at (the screen's). */
  width: number;
}

const POLL_MS = 100;
const TIMEOUT_MS = 20_000;

/** Every panel of every tab, named "<tab> - <panel>", in screen order. */
export const panelSources = (root: HTMLElement): PngSource[] =>
  [...root.querySelectorAll<HTMLElement>('[data-export-tab]')].flatMap((tab) =>
    [...tab.querySelectorAll<HTMLElement>('[data-export-panel]')].map((node) => ({
      name: `${tab.dataset.exportTab ?? ''} - ${node.dataset.exportName ?? ''}`,
      node,
    })),
  );

/**
 * Renders every tab at once, out of sight, so that "Export all" can draw the panels of tabs that
 * are not open; waits until no lazily loaded drawing is still pending (maps, graphs, clouds).
 */
function Stage({ report, tabs, onReady, onTimeout, width }: ExportAllStageProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onReady, onTimeout });
  useEffect(() => {
    callbacks.current = { onReady, onTimeout };
  }, [onReady, onTimeout]);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const root = ref.current;
      if (root === null) return;
      if (root.querySelector('[data-panel-pending]') === null) {
        clearInterval(timer);
        callbacks.current.onReady(panelSources(root));
      } else if (Date.now() - started > TIMEOUT_MS) {
        clearInterval(timer);
        callbacks.current.onTimeout();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div
      ref={ref}
      aria-hidden="true"
      inert
      style={{ position: 'fixed', left: -100_000, top: 0, width, pointerEvents: 'none' }}
    >
      {INSIGHTS_TABS.filter((tab) => tabs.includes(tab)).map((tab) => {
        const Tab = TAB_COMPONENTS[tab];
        return (
          <div key={tab} data-export-tab={t(TAB_LABEL_KEYS[tab])} style={{ paddingBottom: 16 }}>
            <Tab report={report} />
          </div>
        );
      })}
    </div>
  );
}

/**
 * The stage, drawn again only when what it shows changes: the zip's progress re-renders the screen
 * after every panel, and re-rendering every tab each time would slow the drawing it waits for. New
 * callbacks need no new render: the ones of the render that started the export finish it.
 */
export const ExportAllStage = memo(
  Stage,
  (before, after) =>
    before.report === after.report &&
    before.width === after.width &&
    before.tabs.join() === after.tabs.join(),
);
