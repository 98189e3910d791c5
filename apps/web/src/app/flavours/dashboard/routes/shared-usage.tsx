import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharedUsageScreen } from '@/features/audiences/components/shared-usage-screen';
import { PackageSummary } from '@/features/creator/components/package-summary';
import { useMe } from '@/lib/api/get-me';
import { getRecentTeam } from '@/lib/storage';
import { PageLoader } from '../components/require-auth';

/**
 * /shared-usage/:code — what a usage's share link opens, signed in or not (docs/API-AUDIENCES.md
 * "Share links").
 */
export function SharedUsageRoute() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  const teams = me.data?.memberships.map((membership) => membership.team.slug) ?? [];
  const recent = getRecentTeam();
  const teamSlug = recent !== null && teams.includes(recent) ? recent : (teams[0] ?? null);
  return (
    <SharedUsageScreen
      key={code}
      code={code}
      teamSlug={teamSlug}
      signedIn={me.data != null}
      renderPackage={(pkg) => <PackageSummary pkg={pkg} label={t('audiences.sharedUsage.criteria')} />}
    />
  );
}
