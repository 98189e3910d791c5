export { AccountsScreen as Route } from '@/features/deepthought/components/accounts-screen';
