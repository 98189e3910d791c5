export { PostsScreen as Route } from '@/features/deepthought/components/posts';
