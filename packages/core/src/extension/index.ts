import type { CheckCustomAudiencesResult, CreateAudienceUsage } from '../api/x-ads';
import {
  audienceTypeFor,
  countriesToSend,
  handlesToApply,
  interestLabelForExtension,
  isTargetingPackageNonEmpty,
  type AudienceType,
  type TargetingPackage,
} from '../targeting';

/**
 * The X Pro Targeting extension and Murmur's pages talk with window.postMessage on the page's own
 * origin (SPEC §4: only same-origin messages are accepted). Messages from the extension carry
 * `source: EXTENSION_SOURCE`; messages from the page `source: PAGE_SOURCE`.
 */
export const EXTENSION_SOURCE = 'x-pro-targeting';
export const PAGE_SOURCE = 'murmur';
export const EXTENSION_NAME = 'X Pro Targeting';

/** SPEC §9: at most 3 segments (custom audiences) per application under the Japanese agreement. */
export const MAX_SEGMENTS_PER_APPLICATION = 3;

/** The ad account open in X Ads Manager, as the extension reports it. */
export interface ExtensionAdAccount {
  id: string;
  name: string;
  handle: string;
}

/** What the extension applies to a line item's targeting form. */
export interface ApplyPayload {
  name: string;
  /** SPEC §9: Exclusion Audience → exclusion, others → targeting. */
  audience_type: AudienceType;
  handles: string[];
  keywords: string[];
  /** Interest labels with "/" replaced by "-" (SPEC §9). */
  interests: string[];
  /** ISO codes; empty when 50 or more were selected (SPEC §9). */
  countries: string[];
  custom_audiences: string[];
}

/**
 * What the extension can do, announced in its state message. 2: it makes the custom-audience check
 * and the usage record itself, with the extension token the page hands it (docs/API.md
 * "Authentication"). An extension that announces no protocol (0.1.x) only queues packages, and the
 * page makes those two calls with its own session.
 */
export const EXTENSION_PROTOCOL = 2;

/** The two calls the extension makes for the page, with the extension token (SPEC §7). */
export const EXTENSION_CALLS = {
  check: '/api/external/check-custom-audiences/',
  record: '/api/external/audience-usages/',
} as const;
export type ExtensionCall = keyof typeof EXTENSION_CALLS;

/** Bodies of the extension's calls (`POST`, JSON). */
export interface ExtensionCallBodies {
  check: { ad_account_id: string; custom_audience_names: string[] };
  record: CreateAudienceUsage;
}

/** The answer to one page request: the HTTP status and body of the extension's call; 0 when none was made. */
export interface ExtensionAnswer {
  status: number;
  body: unknown;
}

/** A successful check's answer. */
export type ExtensionCheckAnswer = ExtensionAnswer & { body: CheckCustomAudiencesResult };

export type ExtensionMessage =
  | {
      source: typeof EXTENSION_SOURCE;
      type: 'state';
      installed: true;
      version: string;
      /** EXTENSION_PROTOCOL of the extension; absent in 0.1.x. */
      protocol?: number;
    }
  | { source: typeof EXTENSION_SOURCE; type: 'account'; account: ExtensionAdAccount | null }
  | { source: typeof EXTENSION_SOURCE; type: 'queued' }
  | ({ source: typeof EXTENSION_SOURCE; type: 'answer'; id: string } & ExtensionAnswer);

/** Requests of protocol 2 carry an `id`; the extension answers each with an `answer` of that id. */
export type PageMessage =
  | { source: typeof PAGE_SOURCE; type: 'hello' }
  | { source: typeof PAGE_SOURCE; type: 'apply'; payload: ApplyPayload }
  /** Keep this extension token for this Murmur origin (replaces the one kept before). */
  | { source: typeof PAGE_SOURCE; type: 'token'; id: string; token: string }
  | { source: typeof PAGE_SOURCE; type: 'check'; id: string; body: ExtensionCallBodies['check'] }
  /** Queue the package for Ads Manager, then record the usage; answered with the record's result. */
  | {
      source: typeof PAGE_SOURCE;
      type: 'apply-and-record';
      id: string;
      payload: ApplyPayload;
      usage: ExtensionCallBodies['record'];
    };

export const isExtensionMessage = (data: unknown): data is ExtensionMessage =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === EXTENSION_SOURCE;

export const isPageMessage = (data: unknown): data is PageMessage =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === PAGE_SOURCE;

/** The result of preparing a package: nothing to apply, or the payload and what to tell the user. */
export type PreparedApply =
  { empty: true } | { empty: false; payload: ApplyPayload; tooManyHandles: boolean; countries: string[] };

const selected = <T extends { deselected?: boolean | undefined }>(items: readonly T[]) =>
  items.filter((item) => item.deselected !== true);

/**
 * SPEC §5, §8, §9 applied to a package: empty packages are refused; at most 100 handles (and
 * whether to alert); countries only when fewer than 50; "/" → "-" in interest labels; the audience
 * type from its category.
 */
export function prepareApply(
  name: string,
  pkg: TargetingPackage,
  category: string | null | undefined,
): PreparedApply {
  if (!isTargetingPackageNonEmpty(pkg)) return { empty: true };
  const handles = handlesToApply(
    selected(pkg.handles)
      .map((h) => (h.handle ?? h.label ?? '').replace(/^@/, ''))
      .filter(Boolean),
  );
  const countries = countriesToSend(pkg.countries.map((c) => String(c.id ?? c.label)));
  return {
    empty: false,
    tooManyHandles: handles.tooMany,
    countries,
    payload: {
      name,
      audience_type: audienceTypeFor(category),
      handles: handles.handles,
      keywords: selected(pkg.keywords)
        .map((k) => k.label ?? k.handle ?? '')
        .filter(Boolean),
      interests: pkg.interests
        .filter((i) => i.deselected !== true)
        .map((i) => interestLabelForExtension(i.label)),
      countries,
      custom_audiences: pkg.custom_audiences.map((c) => c.name),
    },
  };
}
