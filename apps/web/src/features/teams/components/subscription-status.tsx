import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { hasActiveSubscription, isEnterpriseSubscription } from '@murmur/core/billing';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';

export interface SubscriptionStatusProps {
  team: Team;
}

/** SPEC §6: a team has an active subscription if its latest-started subscription is active. */
export function SubscriptionStatus({ team }: SubscriptionStatusProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const active = hasActiveSubscription(team);
  const latest = [...team.subscriptions].sort((a, b) => b.start.localeCompare(a.start))[0];

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={active ? 'teal' : 'gray'} variant="light">
          {active ? t('teams.subscription.active') : t('teams.subscription.none')}
        </Badge>
        {/* SPEC §6 enterprise: the latest plan's name says so; once it has ended the badge says that too. */}
        {latest !== undefined && isEnterpriseSubscription(latest) && (
          <Badge color={active ? 'grape' : 'gray'} variant="light">
            {t(active ? 'teams.subscription.enterprise' : 'teams.subscription.enterpriseEnded')}
          </Badge>
        )}
      </Group>
      {latest === undefined ? (
        <Text size="sm" c="dimmed">
          {t('teams.subscription.noneHint')}
        </Text>
      ) : (
        <Text size="sm">
          {t(active ? 'teams.subscription.planSince' : 'teams.subscription.planEnded', {
            plan: latest.plan.name,
            date: formatDate(latest.start, language),
          })}
        </Text>
      )}
    </Stack>
  );
}
