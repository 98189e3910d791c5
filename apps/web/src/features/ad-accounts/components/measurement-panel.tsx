import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '@/lib/error-text';
import { useAccountApps } from '../api/get-account-apps';
import { useAppEvents } from '../api/get-app-events';
import { useHasPixel } from '../api/get-has-pixel';
import { useTeamAccounts } from '@/lib/api/get-team-accounts';
import { useWebEvents } from '../api/get-web-events';

export interface MeasurementPanelProps {
  team: Team;
  accountId: string;
  accountName: string;
}

const LIST_STYLE = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * Profile settings, an ad account's measurement (SPEC §7 has-pixel, web-events, app-events,
 * account-apps): whether X has its pixel (a website tag), the tag's conversion events, the app
 * conversion events and the apps it advertises. X is read with the token of the member who granted
 * the account to the team, so an account not granted to this team says so instead of asking.
 */
export function MeasurementPanel({ team, accountId, accountName }: MeasurementPanelProps) {
  const { t } = useTranslation();
  const grants = useTeamAccounts(team.slug);
  const granted =
    grants.data?.some((g) => g.account.network === 'twitter' && g.account.account_id === accountId) === true;
  const pixel = useHasPixel(team.slug, accountId, granted);
  const web = useWebEvents(team.slug, accountId, granted);
  const appEvents = useAppEvents(team.slug, accountId, granted);
  const apps = useAccountApps(team.slug, accountId, granted);

  /** X's codes as words; a code X adds later is shown as X wrote it. */
  const word = (group: 'status' | 'type' | 'os', code: string): string =>
    t(`xAds.measurement.${group}.${code}` as 'xAds.measurement.status.ACTIVE', { defaultValue: code });
  /** An event's attribution: its click and view windows, then whatever else applies, joined by " · ". */
  const attribution = (click: number, view: number, ...more: (string | false)[]): string =>
    [t('xAds.measurement.windows', { click, view }), ...more]
      .filter((part): part is string => part !== false)
      .join(' · ');

  const body = (): ReactNode => {
    if (grants.isPending) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
    if (grants.isError)
      return (
        <Alert color="red" role="alert">
          {errorText(grants.error, t)}
        </Alert>
      );
    if (!granted)
      return (
        <Stack gap={4}>
          <Text size="sm">{t('xAds.measurement.notGranted', { team: team.name })}</Text>
          <Anchor component={Link} to={`/${team.slug}/team#granted-access`} size="sm">
            {t('xAds.measurement.toTeamSettings')}
          </Anchor>
        </Stack>
      );
    // One failure (X unreachable, the granter's token gone) answers all four alike: said once.
    if (pixel.isError)
      return (
        <Alert color="red" role="alert">
          {errorText(pixel.error, t)}
        </Alert>
      );
    return (
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('xAds.measurement.intro', { team: team.name })}
        </Text>
        {pixel.isPending ? (
          <Loader role="status" size="xs" aria-label={t('common.loading')} />
        ) : (
          <Group gap="xs" data-testid="pixel-state">
            <Badge color={pixel.data.has_pixel ? 'teal' : 'gray'} variant="light">
              {t(
                pixel.data.has_pixel ? 'xAds.measurement.pixel.installed' : 'xAds.measurement.pixel.missing',
              )}
            </Badge>
            <Text size="xs" c="dimmed">
              {pixel.data.has_pixel
                ? t('xAds.measurement.pixel.active', {
                    active: pixel.data.active_events,
                    events: pixel.data.events,
                  })
                : t('xAds.measurement.pixel.missingHint')}
            </Text>
          </Group>
        )}
        <Part
          title={t('xAds.measurement.webEvents.title')}
          listLabel={t('xAds.measurement.webEvents.listLabel', { account: accountName })}
          empty={t('xAds.measurement.webEvents.empty')}
          query={web}
        >
          {(data) =>
            data.results.map((event) => (
              <li key={event.id}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={500}>
                    {event.name}
                  </Text>
                  <Badge size="sm" variant="light" color={event.status === 'ACTIVE' ? 'teal' : 'gray'}>
                    {word('status', event.status)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {word('type', event.type)} ·{' '}
                  {attribution(
                    event.click_window,
                    event.view_through_window,
                    event.retargeting_enabled && t('xAds.measurement.retargeting'),
                  )}
                </Text>
              </li>
            ))
          }
        </Part>
        <Part
          title={t('xAds.measurement.appEvents.title')}
          listLabel={t('xAds.measurement.appEvents.listLabel', { account: accountName })}
          empty={t('xAds.measurement.appEvents.empty')}
          query={appEvents}
        >
          {(data) =>
            data.results.map((event) => (
              <li key={event.id}>
                <Text size="sm" fw={500}>
                  {word('type', event.conversion_type)} · {word('os', event.os_type)}{' '}
                  <Text span size="xs" c="dimmed">
                    {event.app_store_identifier}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {attribution(
                    event.post_engagement_attribution_window,
                    event.post_view_attribution_window,
                    event.deep_link_scheme !== null &&
                      t('xAds.measurement.deepLink', { scheme: event.deep_link_scheme }),
                    event.retargeting_enabled && t('xAds.measurement.retargeting'),
                  )}
                </Text>
              </li>
            ))
          }
        </Part>
        <Part
          title={t('xAds.measurement.apps.title')}
          listLabel={t('xAds.measurement.apps.listLabel', { account: accountName })}
          empty={t('xAds.measurement.apps.empty')}
          query={apps}
        >
          {(data) =>
            data.results.map((app) => (
              <Text component="li" size="sm" key={app.id}>
                {word('os', app.os_type)}{' '}
                <Text span size="xs" c="dimmed">
                  {app.app_store_identifier}
                </Text>
              </Text>
            ))
          }
        </Part>
      </Stack>
    );
  };

  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      component="section"
      aria-label={t('xAds.measurement.label', { account: accountName })}
      data-testid="measurement"
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('xAds.measurement.title')}
        </Title>
        {body()}
      </Stack>
    </Paper>
  );
}

interface PartProps<T extends { results: unknown[] }> {
  title: string;
  listLabel: string;
  empty: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** One list of the measurement (web events, app events, apps) with its own loading, error and empty state. */
function Part<T extends { results: unknown[] }>({ title, listLabel, empty, query, children }: PartProps<T>) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {title}
      </Title>
      {query.isPending ? (
        <Loader role="status" size="xs" aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {errorText(query.error, t)}
        </Alert>
      ) : query.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={LIST_STYLE} aria-label={listLabel}>
          {children(query.data)}
        </Stack>
      )}
    </Stack>
  );
}
