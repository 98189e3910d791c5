import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { errorText } from '@/lib/error-text';
import { useVerifyRequest } from '../api/verify-request';

/** SPEC §2 /request-verification: the mailed link (?token=) confirms the request. */
export function RequestVerification() {
  const { t } = useTranslation();
  usePageTitle(t('screens.requestVerification'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyRequest();
  const { mutate } = verify;
  useEffect(() => {
    if (token !== null) mutate(token);
  }, [token, mutate]);
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title={t('screens.requestVerification')} intro={t('proSite.requests.verificationIntro')} />
      {token === null ? (
        <Alert color="yellow">{t('proSite.requests.noToken')}</Alert>
      ) : verify.isPending || verify.isIdle ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : verify.isError ? (
        <Alert color="red" role="alert">
          {errorText(verify.error, t)}
        </Alert>
      ) : (
        <Alert color="teal" title={t('proSite.requests.verified')}>
          {t('proSite.requests.verifiedBody', { email: verify.data.email })}
        </Alert>
      )}
      <Button component={Link} to="/" variant="default" w="fit-content">
        {t('notAvailable.backHome')}
      </Button>
    </Stack>
  );
}
