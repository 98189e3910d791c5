import type { User } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router';
import { QueryError } from '@/components/route-error';
import { useTeam } from '@/features/teams/api/get-team';
import { notify } from '@/lib/notifications';
import { clearRecentTeam, setRecentTeam } from '@/lib/storage';
import { PageLoader, RequireAuth } from '../components/require-auth';
import type { TeamOutletContext } from '../team-context';
import { DashboardLayout } from './dashboard-layout';

interface TeamGateProps {
  slug: string;
  user: User;
}

/** SPEC §4: the current team is set by slug and remembered as the recent team; an unknown slug clears it. */
function TeamGate({ slug, user }: TeamGateProps) {
  const { t } = useTranslation();
  const team = useTeam(slug);
  const notFound = team.error instanceof ApiError && team.error.status === 404;

  useEffect(() => {
    if (team.data !== undefined) setRecentTeam(team.data.slug);
  }, [team.data]);
  const warned = useRef(false);
  useEffect(() => {
    if (!notFound || warned.current) return;
    warned.current = true;
    clearRecentTeam();
    notify.warn(t('teams.notFound', { slug }));
  }, [notFound, slug, t]);

  if (notFound) return <Navigate to="/choose-team" replace />;
  return (
    <DashboardLayout user={user} teamSlug={slug}>
      {team.isPending ? (
        <PageLoader />
      ) : team.isError ? (
        <QueryError query={team} />
      ) : (
        <Outlet context={{ team: team.data, user } satisfies TeamOutletContext} />
      )}
    </DashboardLayout>
  );
}

/** The "dashboard" layout around /:teamId/… for signed-in members of the team. */
export function TeamLayout() {
  const { teamId = '' } = useParams();
  return <RequireAuth>{(user) => <TeamGate slug={teamId} user={user} />}</RequireAuth>;
}
