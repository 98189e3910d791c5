/**
 * Plain constants of the API, kept apart from the zod schemas so that code needing only a constant
 * (the web app's start-up, validators) does not load zod.
 */

/** SPEC §9: the interface languages are English and Japanese only. */
export const LANGUAGES = ['en', 'ja'] as const;

/** SPEC §5: "Please enter a valid email address" for anything that is not a simple name@host.tld. */
export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** SPEC §5: the simple email pattern — something, an at-sign, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 5321 limit on an address's length. */
export const EMAIL_MAX_LENGTH = 254;

/** SPEC §9: the emailed confirmation code has exactly 6 characters. */
export const CONFIRM_CODE_LENGTH = 6;

/**
 * Team slugs are the first path segment of the dashboard (SPEC §2 `/:teamId/`), so they may not be the
 * dashboard's own top-level routes nor the server's prefixes.
 */
export const RESERVED_TEAM_SLUGS: ReadonlySet<string> = new Set([
  'login',
  'welcome',
  'choose-team',
  'helper-documents',
  'audiences',
  'store',
  'insights',
  'reset-e2e',
  'api',
  'rest-auth',
  'sandbox',
  'assets',
  'shared-usage',
]);

export const isReservedTeamSlug = (slug: string) => RESERVED_TEAM_SLUGS.has(slug);

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/;

export const MAX_INVITES_PER_REQUEST = 20;

/** SPEC §6: members of this group get creator access (saving audiences they build). */
export const AUDIENCE_CREATOR_GROUP = 'Audience_creator';

// Deep Thought's follow limits live here, not beside its schemas: a screen that only shows them (the
// premium home) then does not load zod and every Deep Thought schema with them.
/**
 * X's manage-follows limit: 400 follow actions a day for each user (developer.x.com, "Users →
 * Follows"); Deep Thought holds follows and unfollows each to it over any 24 hours.
 */
export const X_FOLLOW_ACTIONS_PER_DAY = 400;
/** The stage of a follow or unfollow job waiting for the daily limit (its wait_until says until when). */
export const DT_DAILY_LIMIT_STAGE = 'Daily limit';
