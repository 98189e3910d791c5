import { ListsScreen } from '@/features/pro-lists/components/lists-screen';

export function SavedListsRoute() {
  return <ListsScreen kind="saved_list" />;
}
