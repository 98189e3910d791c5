export { SignInScreen as Route } from '@/features/deepthought/components/sign-in';
