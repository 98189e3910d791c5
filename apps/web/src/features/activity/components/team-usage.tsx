import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useMetrics } from '../api/get-metrics';
import classes from './team-usage.module.css';

export interface TeamUsageProps {
  teamSlug: string;
  /** The recent window, in days. */
  days?: number;
}

/**
 * The team's usage (SPEC §7 /api/metrics/): members, and how often each recorded kind of activity
 * happened in the last `days` (bars, scaled to the busiest kind) and in all. A real table, so the
 * numbers read out and copy as text.
 */
export function TeamUsage({ teamSlug, days = 30 }: TeamUsageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const metrics = useMetrics(teamSlug, days);

  if (metrics.isPending) return <Skeleton role="status" h={160} aria-label={t('common.loading')} />;
  if (metrics.isError) return <QueryError query={metrics} />;
  const { counts, members } = metrics.data;
  const rows = [...counts].sort((a, b) => b.recent - a.recent || b.total - a.total);
  const max = Math.max(1, ...rows.map((row) => row.recent));
  const n = (value: number) => new Intl.NumberFormat(language).format(value);

  return (
    <Stack gap="sm">
      <Group gap="xl">
        <Text size="sm" fw={500}>
          {t('activity.usage.members', { count: members })}
        </Text>
        <Text size="sm" fw={500}>
          {t('activity.usage.actionsRecent', {
            count: days,
            actions: n(rows.reduce((sum, row) => sum + row.recent, 0)),
          })}
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('activity.usage.empty')}
        </Text>
      ) : (
        <table className={classes.table}>
          <caption className={classes.caption}>{t('activity.usage.caption', { count: days })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('activity.usage.kind')}</th>
              <th scope="col">{t('activity.usage.recent', { count: days })}</th>
              <th scope="col" className={classes.number}>
                {t('activity.usage.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind}>
                <th scope="row" className={classes.label}>
                  {t(`activity.kinds.${row.kind}`)}
                </th>
                <td>
                  <div className={classes.barCell}>
                    <div
                      className={classes.bar}
                      style={{ width: `${(row.recent / max) * 100}%` }}
                      aria-hidden="true"
                    />
                    <span className={classes.number}>{n(row.recent)}</span>
                  </div>
                </td>
                <td className={classes.number}>{n(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Link to={`/${teamSlug}/activity`}>{t('activity.usage.seeAll')}</Link>
    </Stack>
  );
}
