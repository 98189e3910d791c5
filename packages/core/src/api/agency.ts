import { z } from 'zod';
import { estimateFigureSchema } from '../sampling/figure';
import { audienceStatusSchema } from '../targeting/enum-schemas';
import { campaignCurrencySchema, campaignTotalsSchema } from './campaigns';
import { emailSchema, isoDateTime, languageSchema } from './common';
import { uploadStateSchema } from './x-ads';

/** What the agency view shows of each client team (the few largest, the latest; docs/AGENCY.md). */
export const AGENCY_TOP_AUDIENCES = 3;
export const AGENCY_LATEST_UPLOADS = 5;
export const AGENCY_LATEST_CAMPAIGNS = 5;
/** Recipients of one team's scheduled report, at most (docs/AGENCY.md "Scheduled reports"). */
export const REPORT_MAX_RECIPIENTS = 20;

const id = z.number().int();

export const agencyTeamSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  level: z.enum(['admin', 'member']),
  /** Granted ad accounts (SPEC §3/§6) on X, with the name X gives them where known. */
  ad_accounts: z.array(z.object({ account_id: z.string(), name: z.string().nullable() })),
  audiences: z.object({
    /** Saved audiences of the team whose status is Active (a count, not an estimate). */
    active_count: z.number().int(),
    /** The largest active ones; `size_figure` is Murmur's estimate with its 95 % interval. */
    top: z.array(z.object({ id, name: z.string(), size_figure: estimateFigureSchema })),
  }),
  uploads: z.object({
    total: z.number().int(),
    latest: z.array(
      z.object({
        id,
        name: z.string(),
        account_id: z.string(),
        account_name: z.string(),
        state: uploadStateSchema,
        /** X's own audience_size for the custom audience, when last checked. */
        x_audience_size: z.number().int(),
        created: isoDateTime,
      }),
    ),
  }),
  campaigns: z.object({
    total: z.number().int(),
    latest: z.array(
      z.object({
        id,
        name: z.string(),
        ad_account_id: z.string(),
        status: audienceStatusSchema,
        currency: campaignCurrencySchema,
        /** X's figures: delivery as X's stats reported it, summed over the campaign's ads. */
        delivery: campaignTotalsSchema,
        synced: isoDateTime.nullable(),
      }),
    ),
  }),
});
export type AgencyTeam = z.infer<typeof agencyTeamSchema>;

export const agencyOverviewSchema = z.object({ teams: z.array(agencyTeamSchema) });
export type AgencyOverview = z.infer<typeof agencyOverviewSchema>;

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export const reportFrequencySchema = z.enum(REPORT_FREQUENCIES);
export type ReportFrequency = z.infer<typeof reportFrequencySchema>;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Whether `zone` is an IANA time zone this runtime knows. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const reportScheduleInputSchema = z
  .object({
    frequency: reportFrequencySchema,
    /**
     * Weekly: ISO weekday, 1 = Monday … 7 = Sunday. Monthly: day of the month, 1–28 (every month has
     * it), or 0 for the month's last day (28th–31st).
     */
    day: z.number().int().min(0).max(28),
    hour: z.number().int().min(0).max(23),
    time_zone: z
      .string()
      .max(64)
      .refine(isTimeZone, { error: 'Enter a valid time zone (e.g. UTC or Asia/Tokyo).' }),
    language: languageSchema,
    recipients: z
      .array(emailSchema)
      .min(1, { error: 'Enter at least one address.' })
      .max(REPORT_MAX_RECIPIENTS, { error: `Enter at most ${REPORT_MAX_RECIPIENTS} addresses.` }),
    brand_colour: z.string().regex(HEX_COLOUR, { error: 'Enter a colour as #rrggbb.' }),
    /** An image of the team's media library shown at the top of the PDF; null: the team's name only. */
    logo_media: z.number().int().positive().nullable(),
  })
  .refine((s) => s.frequency === 'monthly' || (s.day >= 1 && s.day <= 7), {
    path: ['day'],
    error: 'A weekly report takes a weekday from 1 (Monday) to 7 (Sunday).',
  });
export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;

export const reportScheduleSchema = z.object({
  frequency: reportFrequencySchema,
  day: z.number().int(),
  hour: z.number().int(),
  time_zone: z.string(),
  language: languageSchema,
  recipients: z.array(z.string()),
  brand_colour: z.string(),
  logo_media: z.number().int().nullable(),
  /** The last period a report was sent for (its start date, YYYY-MM-DD), null before the first. */
  last_sent_period: z.string().nullable(),
  /** When the next report is due. */
  next_due: isoDateTime,
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportSentSchema = z.object({ recipients: z.number().int(), period: z.string() });
export type ReportSent = z.infer<typeof reportSentSchema>;
