import type {
  InsightsBaseline,
  InsightsReport as StoredReport,
  InsightsRequest,
  Job,
  JobOf,
} from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getInsightsByConfigQueryOptions, useInsightsByConfig } from '../api/get-insights-by-config';
import { isJobFinished, useJob } from '@/lib/api/get-job';
import { requestInsights } from '@/lib/api/request-insights';
import type { InsightsPdfSource } from '../api/insights-pdf';
import type { InsightsReport } from '../types';
import { baselineValue, NETWORK_BASELINE } from '../utils/baseline-param';
import { sourceKey, type InsightsSource } from '../utils/insights-source';

export type ReportSource = Extract<InsightsSource, { kind: 'config' | 'package' }>;

export interface InsightsReportState {
  /** The report to show: the newest finished job's, else the stored one. */
  report: InsightsReport | undefined;
  /** Loading the stored report (saved audiences). */
  loading: boolean;
  /** The job computing a report, while it runs. */
  job: Job | undefined;
  computing: boolean;
  error: unknown;
  /** The audience's name, when it is a saved one. */
  name: string | undefined;
  /** When the shown report was computed (ISO). */
  computed: string | null;
  /** Where the shown report's PDF comes from: its job, or the saved audience's stored report. */
  pdf: InsightsPdfSource | null;
  /** Starts a new report ("Refresh"), also after a failure. */
  refresh: () => void;
}

class JobFailedError extends Error {
  override name = 'JobFailedError';
}

/** The request body of a source against a baseline (the network is left out: the server's default). */
function requestBody(source: ReportSource, baseline: InsightsBaseline): InsightsRequest {
  const ref: InsightsRequest =
    source.kind === 'config'
      ? { audience_config_id: source.configId }
      : { targeting_package: source.targetingPackage };
  return baseline.kind === 'network' ? ref : { ...ref, baseline };
}

/**
 * The report of a saved audience or a package against a baseline: a saved audience's stored report
 * (always against the whole network) is loaded first and computed only when there is none (or on
 * refresh); a package's, and any report against another baseline, is always computed. A computation
 * is a job, polled every 500 ms until done (docs/API-AUDIENCES.md).
 */
export function useInsightsReport(
  source: ReportSource,
  baseline: InsightsBaseline = NETWORK_BASELINE,
): InsightsReportState {
  const key = `${sourceKey(source)}|${baselineValue(baseline)}`;
  const network = baseline.kind === 'network';
  const queryClient = useQueryClient();
  const configId = source.kind === 'config' ? source.configId : null;
  const stored = useInsightsByConfig(configId);
  const [started, setStarted] = useState<{ key: string; job: JobOf<StoredReport> } | null>(null);
  const current = started?.key === key ? started.job : undefined;

  // The source's key travels with the call, so a late answer for a previous source is not shown.
  const start = useMutation({
    mutationFn: (variables: { key: string; body: InsightsRequest }) => requestInsights(variables.body),
    onSuccess: (job, variables) => setStarted({ key: variables.key, job }),
    // A 403 shows the screen's sign-in prompt (SPEC §6), not the redirect to login.
    meta: { handlesAuthError: true },
  });
  const body = useMemo(() => requestBody(source, baseline), [source, baseline]);
  const job = useJob(current);

  // Compute on arrival when there is nothing to show yet (once per source, StrictMode included).
  const autoStarted = useRef<string | null>(null);
  const needsReport =
    source.kind === 'package' ||
    !network ||
    (stored.isSuccess && stored.data.insights === null && current === undefined);
  useEffect(() => {
    if (!needsReport || autoStarted.current === key) return;
    autoStarted.current = key;
    start.mutate({ key, body });
  }, [needsReport, key, start, body]);

  // A saved audience's finished report is stored by the server: reload it so both agree.
  const finished = job.data?.state === 'done' ? job.data.id : null;
  useEffect(() => {
    if (finished === null || configId === null) return;
    void queryClient.invalidateQueries({ queryKey: getInsightsByConfigQueryOptions(configId).queryKey });
  }, [finished, configId, queryClient]);

  const jobData = current === undefined ? undefined : job.data;
  const jobReport: InsightsReport | null = jobData?.state === 'done' ? jobData.result : null;
  // The stored report is measured against the whole network: shown only when that is the baseline.
  const storedReport = network ? (stored.data?.insights ?? undefined) : undefined;
  const computing = start.isPending || (jobData !== undefined && !isJobFinished(jobData));
  const error =
    (configId !== null ? stored.error : null) ??
    start.error ??
    (current !== undefined ? job.error : null) ??
    (jobData?.state === 'failed' ? new JobFailedError(jobData.error ?? '') : null);

  return {
    report: jobReport ?? storedReport,
    loading: configId !== null && network && stored.isPending,
    job: computing ? jobData : undefined,
    computing,
    error: computing ? null : error,
    name: stored.data?.audience_config.name,
    computed:
      jobReport !== null && jobData !== undefined
        ? jobData.updated
        : network
          ? (stored.data?.computed ?? null)
          : null,
    pdf:
      jobReport !== null && current !== undefined
        ? { job_id: current.id }
        : storedReport !== undefined && configId !== null
          ? { audience_config_id: configId }
          : null,
    refresh: () => {
      autoStarted.current = key;
      start.mutate({ key, body });
    },
  };
}

export const isJobFailure = (error: unknown): error is Error => error instanceof JobFailedError;
