export { PausedScreen as PausedRoute } from '@/features/deepthought/components/paused-screen';
