export { FollowingScreen as Route } from '@/features/deepthought/components/connections-screen';
