import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ChooseTeam } from '@/features/teams/components/choose-team';
import { RequireAuth } from '../components/require-auth';
import { preloadTeamSettings } from './preload-team-settings';

/** /choose-team (and /choose-team?create=1, which opens "Create team" at once). */
export function ChooseTeamRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  useEffect(preloadTeamSettings, []);
  return (
    <RequireAuth>
      {() => (
        <ChooseTeam
          createOpen={params.has('create')}
          onCreateOpenChange={(open) => setParams(open ? { create: '1' } : {}, { replace: true })}
          onOpenTeam={(team, where) =>
            navigate(where === 'settings' ? `/${team.slug}/team` : `/${team.slug}/`)
          }
        />
      )}
    </RequireAuth>
  );
}
