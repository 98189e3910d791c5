export { FollowingScreen as Route } from '@/features/deepthought/components/people';
