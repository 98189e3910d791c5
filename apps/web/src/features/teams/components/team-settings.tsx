import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Team, User } from '@murmur/core/api';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar';
import { usePageTitle } from '@/components/page-title';
import { isTeamAdmin } from '../utils/is-team-admin';
import { BillingForm } from './billing-form';
import { InviteForm } from './invite-form';
import { InvitesList } from './invites-list';
import { MembersTable } from './members-table';
import { SubscriptionStatus } from './subscription-status';
import { TeamLifecycle } from './team-lifecycle';
import { TeamNameForm } from './team-name-form';

export interface TeamSettingsProps {
  team: Team;
  user: User;
}

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

function Section({ id, title, children }: SectionProps) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`${id}-title`} id={id}>
      <Title order={2} size="h4" mb="md" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Team settings: name, members, invitations, billing details and subscription; read-only for members. */
export function TeamSettings({ team, user }: TeamSettingsProps) {
  const { t } = useTranslation();
  const admin = isTeamAdmin(user, team.slug);
  usePageTitle(t('teams.settings.title'));

  return (
    <Stack gap="lg" maw={960}>
      <Group gap="md">
        <Avatar name={team.name} size="lg" />
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('teams.settings.title')}
          </Title>
          <Text c="dimmed">{team.name}</Text>
        </Stack>
      </Group>
      {!admin && <Alert color="gray">{t('teams.settings.readOnly')}</Alert>}
      {admin && (
        <Anchor component={Link} to="api">
          {t('apiAccess.link')}
        </Anchor>
      )}

      <Section id="team-name" title={t('teams.settings.nameSection')}>
        {/* Keyed by name so a rename elsewhere resets the field. */}
        <TeamNameForm key={team.name} team={team} canEdit={admin} />
      </Section>
      <Section id="members" title={t('teams.members.title')}>
        <MembersTable slug={team.slug} canManage={admin} selfId={user.id} />
      </Section>
      {admin && (
        <Section id="invite" title={t('teams.invites.inviteTitle')}>
          <InviteForm teamId={team.id} />
        </Section>
      )}
      {admin && (
        <Section id="invites" title={t('teams.invites.listTitle')}>
          <InvitesList teamId={team.id} />
        </Section>
      )}
      <Section id="billing" title={t('teams.billing.title')}>
        <BillingForm team={team} canEdit={admin} />
      </Section>
      <Section id="subscription" title={t('teams.subscription.title')}>
        <SubscriptionStatus team={team} />
      </Section>
      <Section id="team-lifecycle" title={t('teamAccess.title')}>
        <TeamLifecycle team={team} admin={admin} selfId={user.id} />
      </Section>
    </Stack>
  );
}
