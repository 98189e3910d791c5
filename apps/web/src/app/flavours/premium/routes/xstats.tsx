export { XStatsScreen as Route } from '@/features/deepthought/components/xstats';
