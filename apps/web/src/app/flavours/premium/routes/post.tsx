export { PostScreen as Route } from '@/features/deepthought/components/posts';
