import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { hasCreatorAccess } from './creator-access';

describe('hasCreatorAccess (SPEC §6)', () => {
  it('is given to members of the Audience_creator group', () => {
    expect(hasCreatorAccess(makeUser({ groups: [{ name: 'Audience_creator' }] }))).toBe(true);
  });

  it('is not given to a team admin outside the group (deviation 6), nor to other members', () => {
    const admin = makeUser();
    expect(admin.memberships.some((m) => m.level === 'admin')).toBe(true);
    expect(hasCreatorAccess(admin)).toBe(false);
    expect(hasCreatorAccess(makeUser({ groups: [{ name: 'Other' }] }))).toBe(false);
  });
});
