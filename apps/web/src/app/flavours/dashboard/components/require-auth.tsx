import { Center, Loader } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { QueryError } from '@/components/route-error';
import { useMe } from '@/lib/api/get-me';
import { saveReturnPath } from '@/lib/storage';

export interface RequireAuthProps {
  children: (user: User) => ReactNode;
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** Saves where the user was, so that signing in brings them back, then goes to /login. */
function RedirectToLogin() {
  const location = useLocation();
  const path = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => saveReturnPath(path), [path]);
  return <Navigate to="/login" replace />;
}

/** Renders its children with the signed-in user; signed-out visitors are sent to sign in. */
export function RequireAuth({ children }: RequireAuthProps) {
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  if (me.isError) return <QueryError query={me} m="md" />;
  if (me.data === null) return <RedirectToLogin />;
  return children(me.data);
}
