import { Divider } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { SsoSignIn } from '@/features/sso/components/sso-sign-in';

export function LoginRoute() {
  const [params] = useSearchParams();
  return (
    <LoginScreen
      more={
        <>
          <Divider />
          <SsoSignIn error={params.get('sso_error')} />
        </>
      }
    />
  );
}
