import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@murmur/core/errors';
import { formatDate } from '@murmur/core/format';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { lookalikePath } from '@/lib/insights-link';
import { FreshnessNote } from '@/components/freshness-note';
import { usePageTitle } from '@/components/page-title';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { exportZip, type PngSource } from '@/lib/export-png';
import { notify } from '@/lib/notifications';
import { isJobFailure, useInsightsReport, type ReportSource } from '../hooks/use-insights-report';
import { BASELINE_PARAM, baselineValue, parseBaseline } from '../utils/baseline-param';
import { insightsSource } from '../utils/insights-source';
import { BaselineNote, BaselineSelect } from './baseline-select';
import { ExportAllStage } from './export-all';
import { ExportPdfButton } from './export-pdf-button';
import { HistoryCard } from './history/history-card';
import { InsightsView } from './insights-view';
import { JobProgress } from './job-progress';
import { SignInPrompt } from './sign-in-prompt';
import { INSIGHTS_TABS, isInsightsTab, PUBLIC_TABS, type InsightsTab } from './tabs/insights-tab-list';

export interface InsightsScreenProps {
  /** The team whose screen this is; null for the standalone /insights of the public store. */
  teamSlug: string | null;
  /** Signed-out visitors see the public tabs and a sign-in prompt elsewhere (SPEC §6). */
  signedIn?: boolean;
}

/** The saved audiences of the team, or the standalone list without one. */
const audiencesPath = (teamSlug: string | null) =>
  teamSlug === null ? '/audiences' : `/${encodeURIComponent(teamSlug)}/audiences`;

const isAuthError = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

function Report({
  source,
  teamSlug,
  signedIn,
}: {
  source: ReportSource;
  teamSlug: string | null;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const baselineParam = params.get(BASELINE_PARAM);
  const configId = source.kind === 'config' ? source.configId : null;
  const baseline = useMemo(() => parseBaseline(baselineParam, configId), [baselineParam, configId]);
  const state = useInsightsReport(source, baseline);
  const requested = params.get('tab');
  const tab: InsightsTab = isInsightsTab(requested) ? requested : 'summary';
  // The width the off-screen panels are laid out at while "Export all" runs; null otherwise.
  const [exportWidth, setExportWidth] = useState<number | null>(null);
  const exporting = exportWidth !== null;
  // Panels drawn into the zip so far (about 40 drawings: a slow machine takes a while).
  const [zipProgress, setZipProgress] = useState<{ done: number; total: number } | null>(null);
  const widthRef = useRef<HTMLDivElement>(null);

  const setTab = (next: InsightsTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  // The choice lives in the address, so a shared link opens the same comparison.
  const setBaseline = (next: typeof baseline) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.kind === 'network') updated.delete(BASELINE_PARAM);
        else updated.set(BASELINE_PARAM, baselineValue(next));
        return updated;
      },
      { replace: true },
    );

  const zip = async (sources: PngSource[]) => {
    try {
      await exportZip(sources, `${state.name ?? t('insights.title')} ${t('insights.title')}`, (done, total) =>
        setZipProgress({ done, total }),
      );
    } catch {
      notify.error(t('insights.exportFailed'));
    } finally {
      setExportWidth(null);
      setZipProgress(null);
    }
  };

  const title = state.name ?? t(source.kind === 'package' ? 'insights.unsavedAudience' : 'insights.title');
  const visibleTabs = INSIGHTS_TABS.filter((tab) => signedIn || PUBLIC_TABS.has(tab));

  return (
    <Stack gap="md" ref={widthRef}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {t('insights.title')}
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {state.computed !== null && state.report !== undefined && (
            <Text size="xs" c="dimmed">
              {t('insights.computedOn', { date: formatDate(state.computed, language) })}
            </Text>
          )}
          {state.report !== undefined && <BaselineNote used={state.report.baseline} />}
          <FreshnessNote />
        </div>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <BaselineSelect
            value={baseline}
            onChange={setBaseline}
            teamSlug={teamSlug}
            currentConfigId={configId}
          />
          {source.kind === 'config' && (
            <Button
              variant="default"
              onClick={state.refresh}
              loading={state.computing}
              disabled={state.loading}
            >
              {t('insights.refresh')}
            </Button>
          )}
          <Button
            onClick={() => setExportWidth(widthRef.current?.clientWidth || 1100)}
            loading={exporting && zipProgress === null}
            disabled={exporting || state.report === undefined || state.computing}
            leftSection={zipProgress !== null ? <Loader size="xs" aria-hidden="true" /> : undefined}
          >
            {zipProgress !== null ? t('insights.exportProgress', zipProgress) : t('insights.exportAll')}
          </Button>
          <ExportPdfButton source={state.pdf} disabled={state.computing} name={title} />
          <HeaderLinks configId={source.kind === 'config' ? source.configId : null} teamSlug={teamSlug} />
        </Group>
      </Group>

      {state.computing && <JobProgress job={state.job} />}

      {state.error !== null && state.error !== undefined && !state.computing ? (
        isAuthError(state.error) ? (
          <SignInPrompt />
        ) : (
          <Alert color="red" role="alert" title={t('insights.errorTitle')}>
            {isJobFailure(state.error)
              ? state.error.message || t('insights.jobFailed')
              : errorText(state.error, t)}{' '}
            <Button size="xs" variant="light" color="red" ml="sm" onClick={state.refresh}>
              {t('common.retry')}
            </Button>
          </Alert>
        )
      ) : null}

      {state.loading && (
        <Center mih={200}>
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      )}

      {state.report !== undefined ? (
        <InsightsView report={state.report} tab={tab} onTabChange={setTab} signedIn={signedIn} />
      ) : (
        !state.loading &&
        !state.computing &&
        state.error === null && (
          <Text c="dimmed" ta="center" py="xl">
            {t('insights.noReport')}
          </Text>
        )
      )}

      {/* After the report: the day's picture first, then how it has moved. */}
      {source.kind === 'config' && <HistoryCard configId={source.configId} />}

      {exportWidth !== null && state.report !== undefined && (
        <ExportAllStage
          report={state.report}
          tabs={visibleTabs}
          width={exportWidth}
          onReady={(sources) => void zip(sources)}
          onTimeout={() => {
            setExportWidth(null);
            notify.error(t('insights.exportFailed'));
          }}
        />
      )}
    </Stack>
  );
}

/** /:teamId/insights — the insights of `?config=<id>` or `?package=<base64url(JSON)>`. */
export function InsightsScreen({ teamSlug, signedIn = true }: InsightsScreenProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const source = useMemo(() => insightsSource(params), [params]);
  usePageTitle(t('insights.title'));

  if (source.kind === 'none' || source.kind === 'invalid') {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h2">
          {t('insights.title')}
        </Title>
        <Text c="dimmed">
          {t(source.kind === 'none' ? 'insights.chooseAudience' : 'insights.invalidLink')}
        </Text>
        <Group>
          <Button component={Link} to={audiencesPath(teamSlug)}>
            {t('insights.backToAudiences')}
          </Button>
          {teamSlug !== null && (
            <Button component={Link} to={`/${encodeURIComponent(teamSlug)}/creator`} variant="default">
              {t('insights.openCreator')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }
  // SPEC §6: signed-out visitors see 'Sign in to access more data' (the reports are for members).
  if (!signedIn) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('insights.title')}
        </Title>
        <SignInPrompt />
      </Stack>
    );
  }
  // A new source is a new report: remount so no state of the previous one leaks in.
  return (
    <Report
      key={source.kind === 'config' ? `c${source.configId}` : `p${params.get('package')}`}
      source={source}
      teamSlug={teamSlug}
      signedIn={signedIn}
    />
  );
}

/** A saved audience's lookalike (docs/API-AUDIENCES.md "Lookalikes") and the way back to the audiences. */
function HeaderLinks({ configId, teamSlug }: { configId: number | null; teamSlug: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {configId !== null && teamSlug !== null && (
        <Button component={Link} to={lookalikePath(teamSlug, configId)} variant="default">
          {t('audiences.actions.lookalike')}
        </Button>
      )}
      <Button component={Link} to={audiencesPath(teamSlug)} variant="subtle">
        {t('insights.backToAudiences')}
      </Button>
    </>
  );
}
