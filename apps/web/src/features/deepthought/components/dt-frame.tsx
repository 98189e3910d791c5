import { Alert, Anchor, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { DT_DAILY_LIMIT_STAGE, X_FOLLOW_ACTIONS_PER_DAY, type DtJob } from '@murmur/core/api';
import { formatDate, formatRelativeTime } from '@murmur/core/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { errorText } from '@/lib/error-text';
import { needsAccount, needsPremium } from '../api/deepthought-query';
import type { DtNeeds } from '../api/dt-data';
import { jobFinished, useDtJob } from '../api/get-job';
import { useDtStatus } from '../api/get-status';
import { useStartSync } from '../api/start-sync';

export const uiLanguage = (language: string): 'en' | 'ja' => (language.startsWith('ja') ? 'ja' : 'en');

/**
 * "Synced 3 hours ago" with the date in full on hover: every screen says how fresh its copy is.
 * Before the first copy it says whether one is being read (`syncing`) or how to start one.
 */
export function Freshness({
  syncedAt,
  syncing = false,
}: {
  syncedAt: string | null | undefined;
  syncing?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = uiLanguage(i18n.language);
  if (!syncedAt)
    return (
      <Text size="sm" c="dimmed">
        {t(syncing ? 'deepThought.firstSyncRunning' : 'deepThought.neverSynced')}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" title={new Date(syncedAt).toLocaleString(locale)}>
      {t('deepThought.syncedAgo', { when: formatRelativeTime(syncedAt, { locale }) })}
    </Text>
  );
}

/** "in 3 hours (23 Nov, 18:05)": when something resumes, relative and in full. */
export function resumesAt(at: string, language: string) {
  const locale = uiLanguage(language);
  return {
    when: formatRelativeTime(at, { locale }),
    time: new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

/**
 * A job's progress: stage, counts and, while X's rate limit or its daily follow/unfollow cap is
 * spent, when it resumes.
 */
export function JobProgress({ job }: { job: DtJob }) {
  const { t, i18n } = useTranslation();
  const locale = uiLanguage(i18n.language);
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const daily = job.state === 'waiting' && job.stage === DT_DAILY_LIMIT_STAGE && job.kind !== 'sync';
  return (
    <Stack gap={4} aria-live="polite">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t(`deepThought.job.${job.kind}`)} ·{' '}
          {daily ? t('deepThought.job.dailyLimitState') : t(`deepThought.job.state.${job.state}`)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('deepThought.job.count', { done: job.done, total: job.total })}
          {job.failed > 0 && ` · ${t('deepThought.job.failed', { n: job.failed })}`}
        </Text>
      </Group>
      <Progress value={percent} animated={!jobFinished(job)} aria-label={t('deepThought.job.progress')} />
      {job.state === 'waiting' && job.wait_until && (
        <Text size="xs" c="orange.9">
          {daily && job.kind !== 'sync'
            ? t(`deepThought.job.dailyLimit.${job.kind}`, {
                cap: X_FOLLOW_ACTIONS_PER_DAY,
                ...resumesAt(job.wait_until, i18n.language),
              })
            : t('deepThought.job.waiting', { when: formatRelativeTime(job.wait_until, { locale }) })}
        </Text>
      )}
      {job.error && (
        <Text size="xs" c="red">
          {job.error}
        </Text>
      )}
    </Stack>
  );
}

/** The sync bar: freshness, the Sync button and the running job's progress. */
export function SyncBar({ syncedAt }: { syncedAt: string | null | undefined }) {
  const { t } = useTranslation();
  const status = useDtStatus();
  const start = useStartSync();
  // A sync the suite starts by itself (the server's `sync_due`: premium, a copy never made or a day
  // old, none running), once per account while this bar is shown; its progress shows below.
  const autoStarted = useRef<number | null>(null);
  const due = status.data?.sync_due === true ? status.data.account?.id : undefined;
  useEffect(() => {
    if (due === undefined || autoStarted.current === due || start.isPending) return;
    autoStarted.current = due;
    start.mutate();
  }, [due, start]);
  const latest = status.data?.job;
  const jobId = start.data?.id ?? (latest && !jobFinished(latest) ? latest.id : undefined);
  const job = useDtJob(jobId);
  const running = job.data && !jobFinished(job.data);
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Freshness
            syncedAt={syncedAt ?? status.data?.account?.synced_at}
            syncing={start.isPending || running === true}
          />
          <Button size="xs" onClick={() => start.mutate()} loading={start.isPending || running === true}>
            {t('deepThought.syncNow')}
          </Button>
        </Group>
        {start.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(start.error, t)}
          </Text>
        )}
        {job.data && job.data.kind === 'sync' && (running || job.data.state === 'failed') && (
          <JobProgress job={job.data} />
        )}
      </Stack>
    </Paper>
  );
}

/** What a gated page shows instead of its data (SPEC §7: premium beyond the dashboard). */
export function PremiumNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="violet" title={t('deepThought.premiumTitle')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('deepThought.premiumBody')}</Text>
        <Group>
          <Button component={Link} to="/premium" size="xs" color="violet">
            {t('deepThought.premiumCta')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function ConnectNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" title={t('deepThought.connectTitle')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('deepThought.connectBody')}</Text>
        <Group>
          <Button component={Link} to="/authenticated" size="xs">
            {t('deepThought.signInWithX')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export interface DtScreenProps<T> {
  title: string;
  intro: string;
  query: UseQueryResult<T, unknown>;
  syncedAt?: (data: T) => string | null;
  children: (data: T) => ReactNode;
  actions?: ReactNode;
  /** What the page needs beyond sign-in (dt-data.ts): premium unless it shows only the counts. */
  needs?: DtNeeds;
}

/**
 * A Deep Thought screen: title, introduction, the sync bar with freshness, and the query's states
 * (loading, the premium and connect notices, errors, then the data). The notices come from the
 * status, read first: the page's own read is not made without premium or an account (dt-data.ts).
 */
export function DtScreen<T>({
  title,
  intro,
  query,
  syncedAt,
  children,
  actions,
  needs = 'premium',
}: DtScreenProps<T>) {
  const { t } = useTranslation();
  usePageTitle(title);
  const status = useDtStatus();
  const gate = status.data;
  const noPremium = needs === 'premium' && gate !== undefined && !gate.premium;
  const noAccount =
    (gate !== undefined && gate.account === null) || (query.isError && needsAccount(query.error));
  let body: ReactNode;
  // Premium first, as the server checks it (a user with neither is offered premium).
  if (noPremium) body = <PremiumNotice />;
  else if (noAccount) body = <ConnectNotice />;
  else if (query.isPending) body = <Loader role="status" aria-label={t('common.loading')} />;
  else if (query.isError)
    body = needsPremium(query.error) ? (
      <PremiumNotice />
    ) : needsAccount(query.error) ? (
      <ConnectNotice />
    ) : (
      <QueryError query={query} />
    );
  else body = children(query.data);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeader title={title} intro={intro} />
        {actions}
      </Group>
      {!noAccount && <SyncBar syncedAt={query.data && syncedAt ? syncedAt(query.data) : undefined} />}
      {body}
    </Stack>
  );
}

/** A date as SPEC §9 writes them (short month, numeric day and year). */
export const shortDate = (iso: string, language: string) => formatDate(iso, uiLanguage(language));

export function Handle({ username }: { username: string }) {
  return (
    <Anchor href={`https://x.com/${username}`} target="_blank" rel="noreferrer" size="sm">
      @{username}
    </Anchor>
  );
}
