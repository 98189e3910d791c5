import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Monitor } from '@murmur/core/api';
import { formatLargeNumber } from '../../../lib/large-number';
import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { personalStore } from '@/lib/personal-store';
import { useCreateMonitor, useDeleteMonitor, useMonitors } from '../api/monitors';

/**
 * A monitor's last size, named as Murmur's estimate with its interval (docs/decisions/006);
 * while the engine is loading the server cannot give the interval (its sample is not known then):
 * the value says it is an estimate whose interval is not known yet, never a bare number.
 */
function MonitorSize({ monitor }: { monitor: Monitor }) {
  const { t } = useTranslation();
  if (monitor.last_figure !== null) return <FigureView figure={monitor.last_figure} withLabel />;
  return (
    <Text size="sm" c="dimmed">
      {monitor.last_size === null
        ? t('proSite.monitors.notMeasured')
        : t('figures.estimateIntervalPending', { value: formatLargeNumber(monitor.last_size) })}
    </Text>
  );
}

/** Monitors: watch the built audience; the weekly results monitor mails how its size changed. */
export function WatchPanel({ pkg }: { pkg: TargetingPackage }) {
  const { t } = useTranslation();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const signedIn = personal.token !== null;
  const monitors = useMonitors(signedIn);
  const create = useCreateMonitor();
  const remove = useDeleteMonitor();
  const [name, setName] = useState('');
  if (!signedIn) return null;
  const watch = () => {
    const sent = name;
    create.mutate([name.trim(), pkg], {
      onSuccess: (m) => {
        notify.success(t('proSite.monitors.watching', { name: m.name }));
        setName((now) => (now === sent ? '' : now));
      },
    });
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('proSite.monitors.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('proSite.monitors.help')}
        </Text>
        <Group align="flex-end">
          <TextInput
            label={t('proSite.monitors.name')}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            loading={create.isPending}
            disabled={name.trim() === '' || !isTargetingPackageNonEmpty(pkg)}
            onClick={watch}
          >
            {t('proSite.monitors.watch')}
          </Button>
        </Group>
        {create.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorText(create.error, t)}
          </Alert>
        )}
        {(monitors.data?.results ?? []).map((m) => (
          <Group key={m.id} justify="space-between" wrap="nowrap" data-testid="monitor">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Text size="sm">{m.name}</Text>
              <MonitorSize monitor={m} />
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('proSite.monitors.stop', { name: m.name })}
              onClick={() => remove.mutate(m.id)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
