import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a router shows while the first page's code loads (React Router's `HydrateFallback`): without
 * one the screen is blank and React Router warns in the console on every first load. The loader is
 * a status (the theme gives every Loader that role) named "Loading…".
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Loader role="status" size="sm" aria-label={t('common.loading')} />
    </Center>
  );
}
