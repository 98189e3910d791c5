export { UnfollowedScreen as Route } from '@/features/deepthought/components/people';
