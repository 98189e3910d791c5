import { Center, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '@/features/auth/api/logout';
import { personalStore } from '@/lib/personal-store';

/** /reset-e2e (no layout): a clean slate for browser tests — storage, persisted store and session. */
export function ResetE2eRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    window.localStorage.clear();
    window.sessionStorage.clear();
    personalStore.clear();
    queryClient.clear();
    logout()
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setDone(true);
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  return (
    <Center mih="100vh">
      {done ? (
        <Text role="status" fw={600}>
          {t('reset.done')}
        </Text>
      ) : (
        <Loader role="status" aria-label={t('common.loading')} />
      )}
    </Center>
  );
}
