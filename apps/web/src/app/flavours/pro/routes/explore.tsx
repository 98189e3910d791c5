import { useLocation, useParams } from 'react-router';
import { ProExplore } from '@/features/pro-explore/components/pro-explore';

/** /explore/:name? (aliases /xplore, /analyze): a new search stays on the path it came by. */
export function ExploreRoute() {
  const { name } = useParams();
  const { pathname } = useLocation();
  const base = `/${pathname.split('/')[1] ?? 'explore'}`;
  return <ProExplore key={name ?? ''} name={name} basePath={base} />;
}
