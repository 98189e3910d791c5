import type { DevicesPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { memberTally } from './field-shares';

export function devices(ctx: InsightContext): DevicesPanel {
  const { basis, top } = memberTally(ctx);
  return { basis, devices: top('device'), networkOperators: top('operator') };
}
