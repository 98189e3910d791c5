import { useParams } from 'react-router';
import { CampaignDetail } from '@/features/campaigns/components/campaign-detail';
import { CampaignsOverview } from '@/features/campaigns/components/campaigns-overview';
import { CampaignWizard } from '@/features/campaigns/components/campaign-wizard';
import { CreativesPage } from '@/features/campaigns/components/creatives-page';
import { MediaLibrary } from '@/features/campaigns/components/media-library';
import { useTeamOutlet } from '../team-context';

export function CampaignsRoute() {
  const { team } = useTeamOutlet();
  return <CampaignsOverview key={team.slug} teamSlug={team.slug} />;
}

export function CampaignNewRoute() {
  const { team } = useTeamOutlet();
  return (
    <CampaignWizard
      key={team.slug}
      teamSlug={team.slug}
      detailPath={(id) => `/${team.slug}/campaigns/${id}`}
      creativesPath={`/${team.slug}/creatives`}
    />
  );
}

export function CampaignDetailRoute() {
  const { team } = useTeamOutlet();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  return (
    <CampaignDetail
      key={id}
      campaignId={Number.isInteger(id) && id > 0 ? id : 0}
      overviewPath={`/${team.slug}/campaigns`}
    />
  );
}

export function CreativesRoute() {
  const { team } = useTeamOutlet();
  return <CreativesPage key={team.slug} teamSlug={team.slug} mediaPath={`/${team.slug}/media`} />;
}

export function MediaRoute() {
  const { team } = useTeamOutlet();
  return <MediaLibrary key={team.slug} teamSlug={team.slug} />;
}
