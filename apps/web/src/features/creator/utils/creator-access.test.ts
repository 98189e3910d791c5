import { describe, expect, it } from 'vitest';
import { makeTeam, makeUser } from '../../../test/fixtures';
import { hasCreatorAccess } from './creator-access';

describe('hasCreatorAccess (SPEC §6)', () => {
  const member = makeUser({
    memberships: [{ id: 12, level: 'member', team: { id: 7, name: 'Acme Marketing', slug: 'acme' } }],
  });

  it('is given to members of the Audience_creator group', () => {
    expect(hasCreatorAccess({ ...member, groups: [{ name: 'Audience_creator' }] }, makeTeam())).toBe(true);
  });

  it('is given to the admins of the current team', () => {
    expect(hasCreatorAccess(makeUser(), makeTeam())).toBe(true);
    expect(hasCreatorAccess(makeUser(), makeTeam({ slug: 'other' }))).toBe(false);
  });

  it('is not given to other members', () => {
    expect(hasCreatorAccess(member, makeTeam())).toBe(false);
  });
});
