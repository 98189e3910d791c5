export { FollowersScreen as Route } from '@/features/deepthought/components/connections-screen';
