import { CompetitorAnalysis } from '@/features/pro-competitors/components/competitor-analysis';

export function CompetitorAnalysisRoute() {
  return <CompetitorAnalysis />;
}
