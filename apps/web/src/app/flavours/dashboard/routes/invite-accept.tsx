import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AcceptInvite } from '@/features/teams/components/accept-invite';
import { useMe } from '@/lib/api/get-me';
import { saveReturnPath, setRecentTeam } from '@/lib/storage';
import { PageLoader } from '../components/require-auth';

/** /:teamId/invite-accept?code=… — teamId is the team's slug. */
export function InviteAcceptRoute() {
  const { teamId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  return (
    <AcceptInvite
      slug={teamId}
      code={params.get('code')}
      user={me.data ?? null}
      onSignIn={() => {
        // Back here after signing in, to accept.
        saveReturnPath(`${location.pathname}${location.search}`);
        void navigate('/login');
      }}
      onOpenTeam={(slug) => {
        setRecentTeam(slug);
        return navigate(`/${slug}/`);
      }}
    />
  );
}
