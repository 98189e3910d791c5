import { Badge } from '@mantine/core';
import type { Invite } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';

export interface InviteStateBadgeProps {
  invite: Pick<Invite, 'state' | 'accepted'>;
}

const COLOURS = { pending: 'yellow', sent: 'blue', accepted: 'teal' } as const;

/** SPEC §3: an invite is pending until its email is sent; accepted once someone joined with it. */
export function InviteStateBadge({ invite }: InviteStateBadgeProps) {
  const { t } = useTranslation();
  const state = invite.accepted ? 'accepted' : invite.state;
  return (
    <Badge color={COLOURS[state]} variant="light" size="sm" miw="max-content">
      {t(`teams.invites.states.${state}`)}
    </Badge>
  );
}
