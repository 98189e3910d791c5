export { ListsScreen as Route } from '@/features/deepthought/components/lists';
