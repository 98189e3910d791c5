import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { personalStore } from '@/lib/personal-store';
import { useConfirmPersonalMagicLink } from '../api/confirm-personal-magic-link';
import { useStandaloneMe } from '../api/get-standalone-me';
import { logout } from '../api/logout';
import { requestPersonalMagicLink } from '../api/request-personal-magic-link';
import { EmailCodeSignIn } from './email-code-sign-in';

/** Pro-targeting sign-in with an emailed code; the personal token lands in the persisted store. */
export function PersonalSignIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const personal = useSyncExternalStore(personalStore.subscribe, personalStore.get, personalStore.get);
  const me = useStandaloneMe(personal.token);
  const confirm = useConfirmPersonalMagicLink();

  // A token the server no longer accepts is forgotten.
  useEffect(() => {
    if (personal.token !== null && me.data === null) personalStore.clear();
  }, [personal.token, me.data]);

  const signOut = async () => {
    try {
      await logout();
    } catch {
      // Already signed out on the server: forgetting the token is what matters.
    }
    personalStore.clear();
    queryClient.clear();
  };

  if (personal.token !== null) {
    if (me.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
    if (me.isError) {
      return (
        <Alert color="red" role="alert">
          {errorText(me.error, t)}
        </Alert>
      );
    }
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('pro.signedInAs', { email: personal.signedInAs ?? personal.email ?? '' })}</Text>
        <Button variant="default" onClick={() => void signOut()}>
          {t('header.signOut')}
        </Button>
      </Stack>
    );
  }

  return (
    <EmailCodeSignIn
      requestCode={requestPersonalMagicLink}
      confirmCode={(body) => confirm.mutateAsync(body)}
      onSignedIn={() => undefined}
    />
  );
}
