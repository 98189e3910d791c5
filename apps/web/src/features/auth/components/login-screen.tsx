import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMe } from '../../../lib/api/get-me';
import { usePageTitle } from '../../../components/page-title';
import { getRecentTeam, takeReturnPath } from '../../../lib/storage';
import { useConfirmMagicLink } from '../api/confirm-magic-link';
import { requestMagicLink } from '../api/request-magic-link';
import { postSignInPath } from '../utils/post-sign-in-path';
import { EmailCodeSignIn } from './email-code-sign-in';

/** /login/:network? — sign in or register with an emailed code. */
export function LoginScreen() {
  const { t } = useTranslation();
  const { network } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const confirm = useConfirmMagicLink();
  const leaving = useRef(false);
  usePageTitle(t('login.title'));

  const goOn = (user: User) => {
    if (leaving.current) return;
    leaving.current = true;
    void navigate(postSignInPath(user, { returnPath: takeReturnPath(), recentTeam: getRecentTeam() }), {
      replace: true,
    });
  };

  // Already signed in (e.g. the login page was bookmarked): go straight on.
  useEffect(() => {
    if (me.data) goOn(me.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the user becomes known
  }, [me.data]);

  if (me.isPending || me.data) {
    return (
      <Center mih={300}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.intro')}
            </Text>
          </Stack>
          {network !== undefined && network !== 'email' && (
            <Alert color="yellow">{t('login.networkUnavailable', { network })}</Alert>
          )}
          <EmailCodeSignIn
            requestCode={requestMagicLink}
            confirmCode={(body) => confirm.mutateAsync(body)}
            onSignedIn={({ user }) => goOn(user)}
          />
        </Stack>
      </Paper>
    </Center>
  );
}
