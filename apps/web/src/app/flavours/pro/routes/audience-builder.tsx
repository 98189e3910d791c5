import { AudienceBuilder } from '@/features/pro-builder/components/audience-builder';
import { ProInsights } from '../components/pro-insights';

/** SPEC §2 /audience-builder: the builder, with the insights screen's tabs for what it built. */
export function AudienceBuilderRoute() {
  return <AudienceBuilder renderInsights={(pkg) => <ProInsights key={JSON.stringify(pkg)} pkg={pkg} />} />;
}
