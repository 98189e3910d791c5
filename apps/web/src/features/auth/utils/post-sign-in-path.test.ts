import { describe, expect, it } from 'vitest';
import { postSignInPath } from './post-sign-in-path';

const membership = (slug: string) => ({ id: 1, level: 'member' as const, team: { id: 1, name: slug, slug } });

describe('postSignInPath', () => {
  it('returns to the saved path first', () => {
    expect(postSignInPath({ memberships: [] }, { returnPath: '/acme/team', recentTeam: null })).toBe(
      '/acme/team',
    );
  });

  it('sends users without a team to /welcome', () => {
    expect(postSignInPath({ memberships: [] }, { returnPath: null, recentTeam: 'acme' })).toBe('/welcome');
    // Having been sent away from a generic entry point does not skip onboarding.
    expect(postSignInPath({ memberships: [] }, { returnPath: '/choose-team', recentTeam: null })).toBe(
      '/welcome',
    );
  });

  it('opens the recent team if the user is still a member', () => {
    const user = { memberships: [membership('acme'), membership('beta')] };
    expect(postSignInPath(user, { returnPath: null, recentTeam: 'beta' })).toBe('/beta/');
  });

  it('prefers the team of this host (GET /api/team-by-host/) when the user is its member', () => {
    const user = { memberships: [membership('acme'), membership('beta')] };
    expect(postSignInPath(user, { returnPath: null, recentTeam: 'beta', hostTeam: 'acme' })).toBe('/acme/');
    // Not a member of the host's team (or the local dummy team): the usual order.
    expect(postSignInPath(user, { returnPath: null, recentTeam: 'beta', hostTeam: 'local' })).toBe('/beta/');
    expect(postSignInPath(user, { returnPath: '/beta/team', recentTeam: null, hostTeam: 'acme' })).toBe(
      '/beta/team',
    );
    expect(
      postSignInPath({ memberships: [] }, { returnPath: null, recentTeam: null, hostTeam: 'acme' }),
    ).toBe('/welcome');
  });

  it('otherwise lets the user choose a team', () => {
    const user = { memberships: [membership('acme')] };
    expect(postSignInPath(user, { returnPath: null, recentTeam: 'gone' })).toBe('/choose-team');
    expect(postSignInPath(user, { returnPath: '/login', recentTeam: null })).toBe('/choose-team');
  });
});
