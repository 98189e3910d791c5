import type { Language, ReportFrequency } from '@murmur/core/api';
import type { EstimateFigure } from '@murmur/core/sampling';
import type { AudienceStatus } from '@murmur/core/targeting';
import type { UploadState } from '../../db/schema';
import { STATUS_JA, type ReportTexts } from './report-texts';

/** Everything one team's report shows, read for one period (report.service.ts). */
export interface ReportData {
  team: { name: string; slug: string };
  frequency: ReportFrequency;
  language: Language;
  brandColour: string;
  /** The logo image's bytes (PNG or JPEG), when the schedule names one. */
  logo: Buffer | undefined;
  /** The period as the reader's calendar shows it: first and last day (YYYY-MM-DD). */
  period: { first: string; last: string };
  generated: Date;
  adAccounts: { accountId: string; name: string | null }[];
  audiences: { name: string; size: EstimateFigure }[];
  uploads: {
    name: string;
    accountName: string;
    state: UploadState;
    xSize: number;
    created: Date;
  }[];
  campaigns: {
    name: string;
    adAccountId: string;
    status: AudienceStatus;
    currency: string;
    impressions: number;
    engagements: number;
    clicks: number;
    spent: number;
  }[];
}

export const statusText = (status: AudienceStatus, language: Language) =>
  language === 'ja' ? (STATUS_JA[status] ?? status) : status;

export const periodText = (data: ReportData, l: ReportTexts) =>
  `${data.frequency === 'weekly' ? l.weekly : l.monthly} · ${data.period.first} – ${data.period.last}`;

/** Whole numbers grouped as the reader's language groups them. */
export const whole = (n: number, language: Language) =>
  new Intl.NumberFormat(language === 'ja' ? 'ja-JP' : 'en-US').format(n);
