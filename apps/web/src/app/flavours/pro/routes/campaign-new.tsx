import { Alert, Select, Skeleton, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/page-title';
import { CampaignWizard } from '@/features/campaigns/components/campaign-wizard';
import { useMe } from '@/lib/api/get-me';

/** SPEC §2 pro-targeting /campaigns/new: the dashboard's campaign wizard, for one of the user's teams. */
export function CampaignNewRoute() {
  const { t } = useTranslation();
  // Titled also while signed out or without a team (the wizard titles itself when it shows).
  usePageTitle(t('campaigns.new'));
  const me = useMe();
  const teams = me.data?.memberships.map((m) => m.team) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  if (me.isPending) return <Skeleton h={240} />;
  // Without the wizard (and its header) the screen still has its title (one h1 a screen).
  const titled = (alert: ReactNode) => (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('campaigns.new')}
      </Title>
      {alert}
    </Stack>
  );
  if (!me.data) return titled(<Alert color="blue">{t('campaigns.pro.signIn')}</Alert>);
  if (teams.length === 0) return titled(<Alert color="yellow">{t('campaigns.pro.noTeam')}</Alert>);
  const slug = chosen ?? teams[0]!.slug;
  return (
    <Stack gap="md">
      {teams.length > 1 && (
        <Select
          label={t('campaigns.pro.team')}
          data={teams.map((team) => ({ value: team.slug, label: team.name }))}
          value={slug}
          onChange={(v) => v && setChosen(v)}
          allowDeselect={false}
          w={280}
        />
      )}
      <CampaignWizard
        key={slug}
        teamSlug={slug}
        detailPath={(id) => `/campaigns/new?draft=${id}`}
        creativesPath={`/campaigns/new`}
      />
    </Stack>
  );
}
