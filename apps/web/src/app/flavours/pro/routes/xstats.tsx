import { Navigate, useParams } from 'react-router';
import { Xstats } from '@/features/pro-xstats/components/xstats';

/** /xstats/:country? — a two-letter country code, or the whole network. */
export function XstatsRoute() {
  const { country } = useParams();
  if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) return <Navigate to="/xstats" replace />;
  return <Xstats country={country} />;
}
