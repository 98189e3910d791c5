export { SwitchAccountScreen as Route } from '@/features/deepthought/components/switch-account';
