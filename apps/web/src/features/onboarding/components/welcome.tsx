import { Alert, Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';

export interface WelcomeProps {
  user: User;
  /** The create-team form, supplied by the app (it belongs to the teams feature). */
  createTeamForm: ReactNode;
}

/** /welcome — onboarding for a user without a team. */
export function Welcome({ user, createTeamForm }: WelcomeProps) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const form = useRef<HTMLDivElement>(null);
  // "Create a team" leaves the page as it opens the form: the focus goes to the form's first field
  // instead of being lost with the button. The form appears at once, without a sliding panel (a
  // click on its button while the panel still slid open was once lost).
  useEffect(() => {
    if (creating) form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [creating]);
  const name = user.first_name.trim() !== '' ? user.first_name : user.email;
  const hasTeams = user.memberships.length > 0;
  usePageTitle(t('welcome.title'));

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('welcome.greeting', { name })}
        </Title>
        <Text c="dimmed">{t('welcome.intro')}</Text>
      </Stack>

      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('welcome.teamsTitle')}
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>{t('welcome.teamsPoint1')}</List.Item>
            <List.Item>{t('welcome.teamsPoint2')}</List.Item>
            <List.Item>{t('welcome.teamsPoint3')}</List.Item>
          </List>
          {!creating && (
            <Button onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
              {t('teams.create.open')}
            </Button>
          )}
          {creating && <div ref={form}>{createTeamForm}</div>}
        </Stack>
      </Paper>

      <Alert color="blue" title={t('welcome.invitationsTitle')}>
        {t('welcome.invitationsHint', { email: user.email })}
      </Alert>

      {hasTeams && (
        <Anchor component={Link} to="/choose-team">
          {t('welcome.goToTeams')}
        </Anchor>
      )}
    </Stack>
  );
}
