import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Team, User } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import { Avatar } from '@/components/avatar';
import { usePageTitle } from '@/components/page-title';
import { errorText } from '@/lib/error-text';
import { useAcceptInvite } from '../api/accept-invite';
import { useTeamInfo } from '../api/get-team-info';

export interface AcceptInviteProps {
  slug: string;
  code: string | null;
  /** The signed-in user, or null when signed out. */
  user: User | null;
  onSignIn: () => void;
  onOpenTeam: (slug: string) => unknown;
}

/** /:teamId/invite-accept?code=… — join a team from an invitation email. */
export function AcceptInvite({ slug, code, user, onSignIn, onOpenTeam }: AcceptInviteProps) {
  const { t } = useTranslation();
  const info = useTeamInfo(slug);
  const accept = useAcceptInvite();
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('invite.title'));

  const join = async (teamId: number, inviteCode: string) => {
    setError(null);
    let team: Team;
    try {
      team = await accept.mutateAsync({ teamId, code: inviteCode });
    } catch (failure) {
      setError(errorText(failure, t));
      return;
    }
    await onOpenTeam(team.slug);
  };

  const body = () => {
    if (info.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
    if (info.isError) {
      return (
        <Alert color="red" role="alert">
          {errorText(info.error, t)}
        </Alert>
      );
    }
    if (info.data === null || code === null || code === '') {
      return (
        <Alert color="orange" title={t('invite.invalidTitle')}>
          {t('invite.invalid')}
        </Alert>
      );
    }
    const team = info.data;
    const member = user?.memberships.some((membership) => membership.team.slug === team.slug) === true;
    return (
      <Stack gap="md" align="center">
        <Avatar name={team.name} size="xl" />
        <Title order={1} size="h2" ta="center">
          {t('invite.heading', { team: team.name })}
        </Title>
        {member ? (
          <>
            <Text ta="center">{t('invite.alreadyMember', { team: team.name })}</Text>
            <Button onClick={() => void onOpenTeam(team.slug)}>
              {t('invite.openTeam', { team: team.name })}
            </Button>
          </>
        ) : user === null ? (
          <>
            <Text ta="center">{t('invite.signInFirst')}</Text>
            <Button onClick={onSignIn}>{t('invite.signIn')}</Button>
          </>
        ) : (
          <>
            <Text ta="center">{t('invite.signedInAs', { email: user.email })}</Text>
            <AsyncButton onClick={() => join(team.id, code)}>
              {t('invite.join', { team: team.name })}
            </AsyncButton>
          </>
        )}
        {error !== null && (
          <Alert color="red" role="alert" w="100%">
            {error}
          </Alert>
        )}
      </Stack>
    );
  };

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={480} maw="100%">
        {body()}
      </Paper>
    </Center>
  );
}
