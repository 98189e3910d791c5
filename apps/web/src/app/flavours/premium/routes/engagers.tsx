export { EngagersScreen as Route } from '@/features/deepthought/components/people';
