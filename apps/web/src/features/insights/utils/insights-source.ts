import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { decodePackage } from '@/lib/insights-link';

/** What the insights screen reports on, from its query string. */
export type InsightsSource =
  | { kind: 'config'; configId: number }
  | { kind: 'package'; targetingPackage: TargetingPackage }
  | { kind: 'none' }
  | { kind: 'invalid' };

/** `?config=<id>` (a saved audience) or `?package=<base64url(JSON)>` (an unsaved targeting package). */
export function insightsSource(params: URLSearchParams): InsightsSource {
  const config = params.get('config');
  if (config !== null) {
    const id = Number(config);
    return Number.isInteger(id) && id > 0 ? { kind: 'config', configId: id } : { kind: 'invalid' };
  }
  const encoded = params.get('package');
  if (encoded !== null) {
    const parsed = targetingPackageSchema.safeParse(decodePackage(encoded));
    return parsed.success ? { kind: 'package', targetingPackage: parsed.data } : { kind: 'invalid' };
  }
  return { kind: 'none' };
}

/** A stable identity of a source: a new one starts a new report. */
export const sourceKey = (source: InsightsSource): string =>
  source.kind === 'config'
    ? `config:${source.configId}`
    : source.kind === 'package'
      ? `package:${JSON.stringify(source.targetingPackage)}`
      : source.kind;
