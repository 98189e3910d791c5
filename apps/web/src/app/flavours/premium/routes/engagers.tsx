export { EngagersScreen as Route } from '@/features/deepthought/components/engagers-screen';
