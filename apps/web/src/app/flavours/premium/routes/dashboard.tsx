export { DashboardScreen as Route } from '@/features/deepthought/components/dashboard';
