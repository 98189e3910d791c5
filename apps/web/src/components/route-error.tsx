import { Alert, Button, Stack, Text, type AlertProps } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { isInsideExtension } from '../lib/extension';
import { isLazyLoadError } from '../lib/lazy';

export interface LoadFailureAlertProps {
  insideExtension: boolean;
}

/** SPEC §2: a page that fails to load means a new version is out; refreshing fixes it. */
export function LoadFailureAlert({ insideExtension }: LoadFailureAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" title={t('errors.newVersionTitle')} role="alert" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('errors.newVersion')}</Text>
        {insideExtension && <Text size="sm">{t('errors.newVersionExtension')}</Text>}
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('errors.refresh')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Error boundary of every lazily loaded route. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isLazyLoadError(error)) return <LoadFailureAlert insideExtension={isInsideExtension()} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Alert
      color="red"
      title={notFound ? t('errors.notFoundTitle') : t('errors.unexpectedTitle')}
      role="alert"
      maw={640}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{notFound ? t('errors.notFound') : t('errors.unexpected')}</Text>
        {!notFound && (
          <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export interface QueryErrorProps extends Omit<AlertProps, 'children' | 'color' | 'role'> {
  /** The failed query: its error is shown, Retry refetches it. */
  query: { error: unknown; refetch: () => Promise<unknown> };
}

/**
 * What a screen shows in place of data that failed to load: the error, translated, and Retry. Kept
 * beside the route error boundary, in the shell's chunk, so no first screen loads a chunk for it.
 */
export function QueryError({ query, ...props }: QueryErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" {...props}>
      {errorText(query.error, t)}{' '}
      <Button size="xs" variant="subtle" color="red" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
