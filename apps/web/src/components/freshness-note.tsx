import { Group, Text } from '@mantine/core';
import type { Freshness } from '@murmur/core/api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEngineStatus } from '../lib/api/engine-status';

/** "3 s", "2 min", "1 h" in the interface language (whole units, rounded down past a minute). */
export function behindText(ms: number, t: TFunction): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('freshness.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('freshness.minutes', { count: minutes });
  return t('freshness.hours', { count: Math.floor(minutes / 60) });
}

/** The sentence for a freshness, or null when there is nothing to say (a static index). */
export function freshnessText(freshness: Freshness | undefined, t: TFunction): string | null {
  if (!freshness || freshness.state === 'static') return null;
  if (freshness.state === 'live')
    return freshness.behindMs === null
      ? t('freshness.liveNow')
      : t('freshness.live', { behind: behindText(freshness.behindMs, t) });
  return freshness.behindMs === null
    ? t('freshness.catchingUpNow')
    : t('freshness.catchingUp', { behind: behindText(freshness.behindMs, t) });
}

/**
 * How current the audience data is ("Live, 3 s behind X" / "Catching up: 2 min behind"), from the
 * engine status (polled every 10 s while the tab is visible). Nothing when the index is static or
 * the status cannot be read: a note about freshness must never stand in the way of the figures.
 */
export function FreshnessNote() {
  const { t } = useTranslation();
  const status = useEngineStatus();
  const freshness = status.data?.freshness;
  const text = freshnessText(freshness, t);
  if (text === null || !freshness) return null;
  const live = freshness.state === 'live';
  return (
    <Group gap={6} wrap="nowrap" data-testid="freshness" data-state={freshness.state}>
      <span
        aria-hidden
        style={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          flex: 'none',
          background: live ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-yellow-7)',
        }}
      />
      <Text size="xs" c="dimmed" role="status">
        {text}
      </Text>
    </Group>
  );
}
