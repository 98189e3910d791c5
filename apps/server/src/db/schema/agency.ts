import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language, ReportFrequency } from '@murmur/core/api';
import { adMedia } from './campaigns';
import { teams } from './teams';
import { users } from './users';

/**
 * A client team's scheduled report (at most one per team), a PDF and an XLSX of its audiences,
 * uploads and campaign delivery mailed to `recipients` once per period. `day` is the ISO weekday
 * (weekly) or the day of the month (monthly); `hour` is in `time_zone` (IANA, or UTC). The rules:
 * docs/AGENCY.md "Scheduled reports".
 */
export const reportSchedules = pgTable('report_schedules', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .unique()
    .references(() => teams.id, { onDelete: 'cascade' }),
  frequency: text('frequency').$type<ReportFrequency>().notNull(),
  day: integer('day').notNull(),
  hour: integer('hour').notNull(),
  timeZone: text('time_zone').notNull(),
  language: text('language').$type<Language>().notNull(),
  recipients: jsonb('recipients').$type<string[]>().notNull(),
  brandColour: text('brand_colour').notNull(),
  /** An image of the team's media library for the PDF's head (the team has no logo file of its own). */
  logoMediaId: integer('logo_media_id').references(() => adMedia.id, { onDelete: 'set null' }),
  /**
   * The start (YYYY-MM-DD, in the schedule's time zone) of the last period a report was sent for;
   * claimed in the transaction that writes the mails, so a restart or a second process sends none again.
   */
  lastSentPeriod: text('last_sent_period'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
});

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
