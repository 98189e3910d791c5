import { useParams } from 'react-router';
import { SharedListScreen } from '@/features/pro-lists/components/shared-list-screen';

/** /shared/:token: what a list's share link opens. */
export function SharedListRoute() {
  const { token = '' } = useParams();
  return <SharedListScreen key={token} token={token} />;
}
