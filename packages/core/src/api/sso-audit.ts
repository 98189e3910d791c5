import { z } from 'zod';
import { isoDateTime } from './common';

/** The membership level a user signing in by SSO for the first time gets (SPEC §6 levels). */
export const ssoLevelSchema = z.enum(['member', 'admin']);

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain such as example.com.',
  );

/** A team's single sign-on as its admins see it: the client secret is write-only. */
export const ssoConfigSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string(),
  client_id: z.string(),
  /** Whether a client secret is stored (it is never sent back). */
  has_client_secret: z.boolean(),
  domains: z.array(z.string()),
  level: ssoLevelSchema,
  /** The redirect URI to register at the identity provider. */
  callback_url: z.string(),
  updated: isoDateTime.nullable(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** PUT body: the secret may be left out to keep the stored one. */
export const ssoConfigInputSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string().trim().url().max(500),
  client_id: z.string().trim().min(1).max(500),
  client_secret: z.string().min(1).max(2000).optional(),
  domains: z.array(domainSchema).min(1).max(50),
  level: ssoLevelSchema,
});
export type SsoConfigInput = z.input<typeof ssoConfigInputSchema>;

/** One audit-log entry (docs/SSO-AND-AUDIT.md). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created: isoDateTime,
  actor: z.object({ id: z.number().int().nullable(), email: z.string() }),
  ip: z.string(),
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ count: z.number().int(), results: z.array(auditEntrySchema) });
export type AuditList = z.infer<typeof auditListSchema>;

/** Search and filters of the audit log; `from`/`to` are ISO dates or date-times. */
export const auditQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(200).optional(),
  from: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
  to: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
