export { PostedTopicsScreen as Route } from '@/features/deepthought/components/topics';
