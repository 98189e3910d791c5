export { AccountsScreen as Route } from '@/features/deepthought/components/people';
