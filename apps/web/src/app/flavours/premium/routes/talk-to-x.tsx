export { TalkToXScreen as Route } from '@/features/deepthought/components/talk';
