import { Navigate, useParams } from 'react-router';
import { ListDetail } from '@/features/pro-lists/components/list-detail';
import { ListsScreen } from '@/features/pro-lists/components/lists-screen';

/** /targeting-lists/:id? (and its aliases): the targeting lists, or one list. */
export function TargetingListsRoute() {
  const { id } = useParams();
  if (id === undefined) return <ListsScreen kind="targeting_list" />;
  const pk = Number(id);
  if (!Number.isInteger(pk) || pk <= 0 || pk > 2_147_483_647)
    return <Navigate to="/targeting-lists" replace />;
  return <ListDetail key={pk} id={pk} />;
}
