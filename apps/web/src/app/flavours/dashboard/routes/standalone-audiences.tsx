import { MyAudiences } from '@/features/audiences/components/my-audiences';
import { getRecentTeam } from '@/lib/storage';
import { RequireAuth } from '../components/require-auth';

/** SPEC §2 /audiences: the signed-in user's own audiences, header shown, no team navigation. */
export function StandaloneAudiencesRoute() {
  return (
    <RequireAuth>
      {(user) => {
        const recent = getRecentTeam();
        const teams = user.memberships.map((membership) => membership.team.slug);
        const fallback = recent !== null && teams.includes(recent) ? recent : (teams[0] ?? null);
        return <MyAudiences teamSlug={null} fallbackTeam={fallback} />;
      }}
    </RequireAuth>
  );
}
