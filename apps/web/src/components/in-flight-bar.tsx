import { Progress } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { InFlightTracker } from '../lib/in-flight';

export interface InFlightBarProps {
  tracker: InFlightTracker;
}

/** A thin bar at the top of the window while calls are in flight; it fills with upload progress. */
export function InFlightBar({ tracker }: InFlightBarProps) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(tracker.subscribe, tracker.snapshot, tracker.snapshot);
  if (snapshot.count === 0) return null;
  const uploading = snapshot.progress !== null;
  return (
    <Progress
      value={uploading ? Math.round((snapshot.progress ?? 0) * 100) : 100}
      animated={!uploading}
      striped={!uploading}
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1100 }}
      aria-label={uploading ? t('common.uploading') : t('common.loading')}
    />
  );
}
