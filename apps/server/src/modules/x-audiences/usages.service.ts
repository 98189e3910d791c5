import ExcelJS from 'exceljs';
import type { AudienceUsage, CreateAudienceUsage } from '@murmur/core/api';
import { JAPANESE_AGREEMENT_MAX_SEGMENTS } from '@murmur/core/api';
import {
  isTargetingPackageNonEmpty,
  EMPTY_TARGETING_MESSAGE,
  type TargetingPackage,
} from '@murmur/core/targeting';
import type { UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Mail } from '../../integrations/mail';
import type { AgreementService } from './agreement.service';
import { createUsageShareLinks, liveShareLink } from './usage-share-links';
import { NO_AD_ACCOUNT_ID, type UploadTeams } from './uploads.service';
import type { UsageRow, XAudiencesRepository } from './x-audiences.repository';

export const TOO_MANY_SEGMENTS = `At most ${JAPANESE_AGREEMENT_MAX_SEGMENTS} segments can be applied at once under the Japanese agreement.`;
export const ACCEPT_AGREEMENT_TO_APPLY = 'Accept the Japanese agreement before applying audiences.';
const HOUR_MS = 3_600_000;

/** Re-applies a usage's package to its line item on X (the autopilot); wired to the Ads API. */
export type ApplyToLineItem = (usage: UsageRow) => Promise<void>;

export type UsagesService = ReturnType<typeof createUsagesService>;

const presentUsage = (row: UsageRow, clock: Clock): AudienceUsage => ({
  id: row.id,
  ad_account_id: row.adAccountId,
  state: row.state,
  audience_config_id: row.audienceConfigId,
  targeting_package: row.targetingPackage,
  countries: row.countries,
  line_item_id: row.lineItemId,
  shared_with: row.sharedWith,
  share_expires_at: liveShareLink(row, clock) ? row.shareExpiresAt!.toISOString() : null,
  autopilot_hours: row.autopilotHours,
  next_run_at: row.nextRunAt?.toISOString() ?? null,
  last_run_at: row.lastRunAt?.toISOString() ?? null,
  deleted: row.deletedAt !== null,
  created: row.created.toISOString(),
});

/** The usage's package as an XLSX workbook, one row per item, and a sheet of where it was applied. */
async function usageWorkbook(row: UsageRow, now: Date): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Murmur';
  book.created = now;
  const sheet = book.addWorksheet('Targeting package');
  sheet.columns = [
    { header: 'Type', key: 'type', width: 22 },
    { header: 'Value', key: 'value', width: 40 },
    { header: 'Deselected', key: 'deselected', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  const pkg = row.targetingPackage;
  const add = (type: string, value: string, deselected = false) =>
    sheet.addRow({ type, value, deselected: deselected ? 'yes' : '' });
  for (const field of ['keywords', 'handles', 'hashtags'] as const)
    for (const item of pkg[field]) add(field, item.handle ?? item.label ?? '', item.deselected === true);
  for (const field of [
    'languages',
    'network_operators',
    'interests',
    'conversation_topics',
    'movies_tv_shows',
    'locations',
    'countries',
  ] as const)
    for (const item of pkg[field]) add(field, item.label);
  for (const item of pkg.custom_audiences) add('custom_audiences', item.name);
  for (const value of pkg.placements) add('placements', value);
  for (const value of pkg.age) add('age', value);
  for (const value of pkg.gender) add('gender', value);
  const info = book.addWorksheet('Usage');
  info.addRows([
    ['Ad account', row.adAccountId],
    ['State', row.state],
    ['Applied', row.created.toISOString()],
    ['Countries sent', row.countries.join(', ')],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * SPEC §4, §7 audience usages: a targeting package applied to an ad account (state "applied"),
 * listed, shared (with people and as a signed link), handles reordered, deleted and restored, as
 * a spreadsheet, and kept applied on a schedule (autopilot).
 */
export function createUsagesService(deps: {
  repo: XAudiencesRepository;
  teams: UploadTeams;
  agreement: AgreementService;
  secret: string;
  clock: Clock;
  applyToLineItem?: ApplyToLineItem;
  /** The dashboard's origin, which share links open. */
  siteUrl: string;
  /** Mails a share link's recipients (the mail outbox); none in tests that do not read mail. */
  sendMail?: (mail: Mail) => Promise<void>;
}) {
  const { repo, teams, agreement, secret, clock, siteUrl, sendMail } = deps;

  const present = (row: UsageRow) => presentUsage(row, clock);

  /** The caller's own usage (deleted ones too); others' are 404. */
  async function own(user: UserRow, id: number): Promise<UsageRow> {
    const row = await repo.getUsage(id);
    if (!row || row.userId !== user.id) throw new NotFound();
    return row;
  }

  return {
    present,

    /** SPEC §7 audience used in ads create; Japanese advertisers accept first and apply ≤ 3 segments. */
    async create(user: UserRow, input: CreateAudienceUsage): Promise<AudienceUsage> {
      if (!input.ad_account_id) throw new BadRequest({ non_field_errors: [NO_AD_ACCOUNT_ID] });
      if (!isTargetingPackageNonEmpty(input.targeting_package))
        throw new BadRequest({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
      // A usage changes the status of the audience it names: only one the caller can read; another
      // tenant's id answers as an unknown one does (docs/API-AUDIENCES.md: 404, never 403).
      const configId = input.audience_config_id ?? null;
      if (configId !== null && !(await repo.configReadableBy(configId, user.id))) throw new NotFound();
      let teamId: number | null = null;
      if (input.team) {
        const { team } = await teams.access(user, input.team);
        teamId = team.id;
        if (agreement.applies(user, team)) {
          if (await agreement.mustAcceptFirst(user, team))
            throw new BadRequest({ non_field_errors: [ACCEPT_AGREEMENT_TO_APPLY] });
          if (input.targeting_package.custom_audiences.length > JAPANESE_AGREEMENT_MAX_SEGMENTS)
            throw new BadRequest({ non_field_errors: [TOO_MANY_SEGMENTS] });
        }
      }
      const row = await repo.insertUsage({
        userId: user.id,
        teamId,
        adAccountId: input.ad_account_id,
        state: input.state,
        audienceConfigId: configId,
        targetingPackage: input.targeting_package,
        countries: input.countries,
        lineItemId: input.line_item_id ?? null,
        created: clock.now(),
      });
      return present(row);
    },

    async list(user: UserRow, includeDeleted: boolean): Promise<AudienceUsage[]> {
      return (await repo.usagesOfUser(user.id, user.email, includeDeleted)).map(present);
    },

    async get(user: UserRow, id: number): Promise<AudienceUsage> {
      return present(await own(user, id));
    },

    async remove(user: UserRow, id: number): Promise<void> {
      const row = await own(user, id);
      if (!row.deletedAt) await repo.updateUsage(row.id, { deletedAt: clock.now(), nextRunAt: null });
    },

    async restore(user: UserRow, id: number): Promise<AudienceUsage> {
      const row = await own(user, id);
      await repo.updateUsage(row.id, { deletedAt: null });
      return present({ ...row, deletedAt: null });
    },

    ...createUsageShareLinks({ repo, secret, clock, own, present, siteUrl, sendMail }),

    /** The package's handles in a new order: exactly the same handles, each once. */
    async reorderHandles(user: UserRow, id: number, order: string[]): Promise<AudienceUsage> {
      const row = await own(user, id);
      const key = (h: string) => h.trim().replace(/^@/, '').toLowerCase();
      const byKey = new Map(row.targetingPackage.handles.map((h) => [key(h.handle ?? h.label ?? ''), h]));
      const keys = order.map(key);
      if (keys.length !== byKey.size || new Set(keys).size !== keys.length || keys.some((k) => !byKey.has(k)))
        throw new BadRequest({ handles: ['Send every handle of the package exactly once.'] });
      const targetingPackage: TargetingPackage = {
        ...row.targetingPackage,
        handles: keys.map((k) => byKey.get(k)!),
      };
      await repo.updateUsage(row.id, { targetingPackage });
      return present({ ...row, targetingPackage });
    },

    /** Autopilot: re-apply to a line item every `hours` hours (null stops it). */
    async autopilot(
      user: UserRow,
      id: number,
      input: { line_item_id?: string | undefined; every_hours: number | null },
    ): Promise<AudienceUsage> {
      const row = await own(user, id);
      if (row.deletedAt) throw new BadRequest({ non_field_errors: ['Restore this usage first.'] });
      const lineItemId = input.line_item_id ?? row.lineItemId;
      if (input.every_hours !== null && !lineItemId)
        throw new BadRequest({ line_item_id: ['Choose the line item to keep applied.'] });
      const values = {
        lineItemId,
        autopilotHours: input.every_hours,
        nextRunAt:
          input.every_hours === null ? null : new Date(clock.now().getTime() + input.every_hours * HOUR_MS),
      };
      await repo.updateUsage(row.id, values);
      return present({ ...row, ...values });
    },

    /** One round of the autopilot job: every due usage is applied again and rescheduled. */
    async runAutopilots(): Promise<number> {
      const now = clock.now();
      const due = await repo.dueAutopilots(now);
      for (const row of due) {
        const hours = row.autopilotHours ?? 24;
        try {
          await deps.applyToLineItem?.(row);
        } catch {
          // X refused or could not be reached: the next round tries again.
        } finally {
          await repo.updateUsage(row.id, {
            lastRunAt: now,
            nextRunAt: new Date(now.getTime() + hours * HOUR_MS),
          });
        }
      }
      return due.length;
    },

    /** SPEC §7 sheet generation: the package as an XLSX workbook, one row per item. */
    async sheet(user: UserRow, id: number): Promise<{ filename: string; body: Buffer }> {
      const row = await own(user, id);
      return { filename: `audience-usage-${row.id}.xlsx`, body: await usageWorkbook(row, clock.now()) };
    },
  };
}
