import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Welcome } from '@/features/onboarding/components/welcome';
import { CreateTeamForm } from '@/features/teams/components/create-team-form';
import { setRecentTeam } from '@/lib/storage';
import { RequireAuth } from '../components/require-auth';
import { preloadTeamSettings } from './preload-team-settings';

export function WelcomeRoute() {
  const navigate = useNavigate();
  useEffect(preloadTeamSettings, []);
  return (
    <RequireAuth>
      {(user) => (
        <Welcome
          user={user}
          createTeamForm={
            <CreateTeamForm
              onCreated={(team) => {
                setRecentTeam(team.slug);
                return navigate(`/${team.slug}/team`);
              }}
            />
          }
        />
      )}
    </RequireAuth>
  );
}
