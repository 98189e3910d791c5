import type { Plan } from '@murmur/core/api';
import type { TFunction } from 'i18next';

/** The plan families the billing migration defines (code "<family>-<interval>", e.g. "pro-year"). */
const FAMILIES = ['starter', 'pro', 'enterprise', 'premium'] as const;
type Family = (typeof FAMILIES)[number];
const isFamily = (value: string): value is Family => (FAMILIES as readonly string[]).includes(value);

/**
 * A plan's name in the interface language: the server stores the English name ("Premium"), which
 * Japanese screens showed as is. A plan the web does not know keeps the server's name.
 */
export const planName = (plan: Pick<Plan, 'code' | 'name'>, t: TFunction): string => {
  const family = plan.code.split('-')[0] ?? '';
  return isFamily(family) ? t(`billing.planNames.${family}`) : plan.name;
};
