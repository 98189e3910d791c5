import { Badge, Stack, Text } from '@mantine/core';
import type { CommunityGrowth, GrowthWindow } from '@murmur/core/api';
import { formatPercent } from '@murmur/core/format';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatLargeNumber } from '@/lib/large-number';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The window's length in whole days, else hours, else minutes ("7 days", "7日間"). */
export function durationText(from: string, to: string, t: TFunction): string {
  const ms = Date.parse(to) - Date.parse(from);
  if (ms >= DAY_MS) return t('communities.days', { count: Math.round(ms / DAY_MS) });
  if (ms >= HOUR_MS) return t('communities.hours', { count: Math.round(ms / HOUR_MS) });
  return t('communities.minutes', { count: Math.max(1, Math.round(ms / MINUTE_MS)) });
}

/** The network's time of a count, in UTC (the sandbox's clock or X's, not the reader's). */
const networkTime = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));

/** An exact count: every digit ("1,240"), as counted accounts are shown. */
const exact = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);

/**
 * What the trending tab measures, said above the list: the window of the two counts, or why there
 * is nothing to compare (a static index; a live one not counted again yet), or that none grew.
 */
export function GrowthWindowNote({ window, empty }: { window: GrowthWindow; empty: boolean }) {
  const { t } = useTranslation();
  if (window.from === null || window.to === null) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="growth-window">
        {window.live ? t('communities.noHistoryLive') : t('communities.noHistoryStatic')}
      </Text>
    );
  }
  const span = { from: networkTime(window.from), to: networkTime(window.to) };
  return (
    <Stack gap={4} data-testid="growth-window">
      <Text size="sm" c="dimmed">
        {t('communities.window', { ...span, duration: durationText(window.from, window.to, t) })}
      </Text>
      {empty && (
        <Text c="dimmed" ta="center" py="xl">
          {t('communities.noneGrowing', span)}
        </Text>
      )}
    </Stack>
  );
}

/** The community's growth badge: "+3.1 % in 7 days". */
export function GrowthBadge({ growth }: { growth: CommunityGrowth }) {
  const { t } = useTranslation();
  const percent =
    growth.relative === null ? exact(growth.change) : formatPercent(growth.relative, { fromFraction: true });
  return (
    <Badge color="teal" variant="light" tt="none" style={{ flexShrink: 0 }}>
      {t('communities.growthBadge', { percent, duration: durationText(growth.from, growth.to, t) })}
    </Badge>
  );
}

/**
 * Each figure of the growth named for what it is: Murmur's population estimate of the members gained,
 * with its 95 % interval, and the accounts counted in the index before and now.
 */
export function GrowthFigures({ growth }: { growth: CommunityGrowth }) {
  const { t } = useTranslation();
  const { estimate } = growth;
  return (
    <Stack gap={2} data-testid="community-growth">
      {estimate && (
        <Text size="sm" fw={500}>
          {t('communities.growthEstimate', {
            value: formatLargeNumber(estimate.value),
            low: formatLargeNumber(estimate.low),
            high: formatLargeNumber(estimate.high),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('communities.growthIndexed', {
          count: growth.change,
          change: exact(growth.change),
          before: exact(growth.before.value),
          now: exact(growth.now.value),
        })}
      </Text>
    </Stack>
  );
}
