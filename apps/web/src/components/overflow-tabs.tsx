import { Button, Group, Menu, UnstyledButton } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementWidth } from '../hooks/use-element-width';
import classes from './overflow-tabs.module.css';

export interface TabItem {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface OverflowTabsProps {
  tabs: TabItem[];
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** SPEC §9: about 60 px per tab. */
  tabWidth?: number;
}

export const TAB_WIDTH = 60;

/** How many tabs stay visible in `width` px; the rest go into the "More" menu, which takes one slot. */
export const visibleTabCount = (total: number, width: number, tabWidth = TAB_WIDTH): number => {
  // Not measured yet (or not laid out, as in tests): show everything.
  if (width <= 0) return total;
  const slots = Math.floor(width / tabWidth);
  return slots >= total ? total : Math.max(0, slots - 1);
};

/** Width of one character of a tab's label (14 px text) and a tab's padding, in px. */
const CHAR_PX = 8;
const TAB_PADDING_PX = 24;
/** The "More" button's slot. */
const MORE_PX = 72;

/**
 * How many tabs stay visible in `width` px when each takes at least `tabWidth` (SPEC §9: about 60 px)
 * or what its label needs: a long label ("Marketing materials") is never cut off at the edge, it goes
 * into "More" with the rest.
 */
export const visibleTabCountFor = (
  labels: readonly string[],
  width: number,
  tabWidth = TAB_WIDTH,
): number => {
  if (width <= 0) return labels.length;
  const widths = labels.map((label) => Math.max(tabWidth, label.length * CHAR_PX + TAB_PADDING_PX));
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= width) return labels.length;
  let used = MORE_PX;
  let count = 0;
  for (const w of widths) {
    if (used + w > width) break;
    used += w;
    count += 1;
  }
  return count;
};

/** SPEC §4: one active tab chosen by click; disabled tabs look disabled; tabs that don't fit overflow
 * into a menu. */
export function OverflowTabs({ tabs, value, onChange, label, tabWidth = TAB_WIDTH }: OverflowTabsProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const width = useElementWidth(listRef);
  const count = visibleTabCountFor(
    tabs.map((tab) => tab.label),
    width,
    tabWidth,
  );
  const visible = tabs.slice(0, count);
  const overflow = tabs.slice(count);
  const activeInOverflow = overflow.some((tab) => tab.value === value);

  const select = (tab: TabItem) => {
    if (tab.disabled !== true) onChange(tab.value);
  };

  // Arrow keys move between the visible, enabled tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const enabled = visible.filter((tab) => tab.disabled !== true);
    const index = enabled.findIndex((tab) => tab.value === value);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = enabled[(index + step + enabled.length) % enabled.length];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next.value);
    tabRefs.current.get(next.value)?.focus();
  };

  return (
    <Group gap={0} wrap="nowrap" className={classes.root}>
      <div ref={listRef} role="tablist" aria-label={label} className={classes.list} onKeyDown={onKeyDown}>
        {visible.map((tab) => {
          const active = tab.value === value;
          return (
            <UnstyledButton
              key={tab.value}
              ref={(element: HTMLButtonElement | null) => {
                if (element === null) tabRefs.current.delete(tab.value);
                else tabRefs.current.set(tab.value, element);
              }}
              role="tab"
              data-value={tab.value}
              aria-selected={active}
              aria-disabled={tab.disabled === true}
              tabIndex={active ? 0 : -1}
              className={classes.tab}
              data-active={active || undefined}
              data-disabled={tab.disabled === true || undefined}
              onClick={() => select(tab)}
            >
              {tab.label}
            </UnstyledButton>
          );
        })}
      </div>
      {overflow.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant={activeInOverflow ? 'light' : 'subtle'}
              size="compact-sm"
              className={classes.more}
            >
              {t('tabs.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {overflow.map((tab) => (
              <Menu.Item
                key={tab.value}
                disabled={tab.disabled === true}
                onClick={() => select(tab)}
                aria-current={tab.value === value ? 'true' : undefined}
                fw={tab.value === value ? 700 : undefined}
              >
                {tab.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
