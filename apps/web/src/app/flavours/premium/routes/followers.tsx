export { FollowersScreen as Route } from '@/features/deepthought/components/people';
