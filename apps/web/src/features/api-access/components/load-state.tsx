import { Alert, Button, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadStateProps<T> {
  query: UseQueryResult<T[]>;
  /** Said when the list is empty. */
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** A list's loading, error (with retry) and empty states, else the list. */
export function LoadState<T>({ query, empty, children }: LoadStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader role="status" size="sm" aria-label={t('apiAccess.title')} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('apiAccess.loadError')}{' '}
        <Button size="xs" variant="subtle" onClick={() => void query.refetch()}>
          {t('apiAccess.retry')}
        </Button>
      </Alert>
    );
  if (query.data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(query.data)}</>;
}
