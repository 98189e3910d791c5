export { UnfollowedScreen as Route } from '@/features/deepthought/components/unfollowed-screen';
