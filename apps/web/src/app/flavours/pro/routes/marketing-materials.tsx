import { MarketingMaterials } from '@/features/pro-marketing/components/marketing-materials';

export function MarketingMaterialsRoute() {
  return <MarketingMaterials />;
}
