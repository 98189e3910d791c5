export { FollowingTopicsScreen as Route } from '@/features/deepthought/components/topics';
