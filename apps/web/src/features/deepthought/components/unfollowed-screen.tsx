import { Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, InterfaceDates, MONTH_LABEL_FORMAT } from '@/components/interface-dates';
import { useLanguage } from '@/hooks/use-language';
import { useDtChanges } from '../api/get-unfollowers';
import { DtScreen, shortDate } from './dt-frame';
import { UsersTable } from './users-table';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function UnfollowedScreen() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const [since, setSince] = useState(() => isoDay(new Date(Date.now() - 7 * 86_400_000)));
  const [until, setUntil] = useState(() => isoDay(new Date(Date.now() + 86_400_000)));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(since) && /^\d{4}-\d{2}-\d{2}$/.test(until);
  const changes = useDtChanges(
    valid ? `${since}T00:00:00Z` : undefined,
    valid ? `${until}T00:00:00Z` : undefined,
  );
  const when = (at: string) => shortDate(at, i18n.language);
  return (
    <DtScreen
      title={t('premium.screens.unfollowed')}
      intro={t('deepThought.intro.unfollowed')}
      query={changes}
      syncedAt={(d) => d.synced_at}
    >
      {(data) => (
        <Stack gap="md">
          <Group>
            {/* Days in the interface language (a native date field writes mm/dd/yyyy to a
                Japanese user of an English browser); the value stays YYYY-MM-DD. */}
            <InterfaceDates>
              <DatePickerInput
                label={t('deepThought.since')}
                value={since}
                onChange={(value) => value && setSince(dayjs(value).format('YYYY-MM-DD'))}
                maxDate={until}
                valueFormat={DAY_FORMAT[language]}
                monthLabelFormat={MONTH_LABEL_FORMAT[language]}
                yearLabelFormat="YYYY"
                popoverProps={{ withinPortal: true }}
              />
              <DatePickerInput
                label={t('deepThought.until')}
                value={until}
                onChange={(value) => value && setUntil(dayjs(value).format('YYYY-MM-DD'))}
                minDate={since}
                valueFormat={DAY_FORMAT[language]}
                monthLabelFormat={MONTH_LABEL_FORMAT[language]}
                yearLabelFormat="YYYY"
                popoverProps={{ withinPortal: true }}
              />
            </InterfaceDates>
            <Text size="sm" c="dimmed">
              {t('deepThought.syncsInRange', { n: data.syncs })}
            </Text>
          </Group>
          {data.syncs < 1 && <Text c="dimmed">{t('deepThought.needTwoSyncs')}</Text>}
          <Text fw={600} component="h2">
            {t('deepThought.unfollowersTitle', { n: data.unfollowers.length })}
          </Text>
          <UsersTable
            users={data.unfollowers.map((c) => c.user)}
            extra={[
              {
                key: 'when',
                header: t('deepThought.col.when'),
                cell: (u) => when(data.unfollowers.find((c) => c.user.id === u.id)!.at),
              },
            ]}
          />
          <Text fw={600} component="h2">
            {t('deepThought.newFollowersTitle', { n: data.new_followers.length })}
          </Text>
          <UsersTable
            users={data.new_followers.map((c) => c.user)}
            extra={[
              {
                key: 'when',
                header: t('deepThought.col.when'),
                cell: (u) => when(data.new_followers.find((c) => c.user.id === u.id)!.at),
              },
            ]}
          />
        </Stack>
      )}
    </DtScreen>
  );
}
