import type { Member, Team, User } from '@murmur/core/api';

export const makeTeam = (overrides: Partial<Team> = {}): Team => ({
  id: 7,
  name: 'Acme Marketing',
  slug: 'acme',
  logo: null,
  member_count: 2,
  invoice_email: null,
  country: null,
  invoice_name: null,
  subscriptions: [],
  ...overrides,
});

export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 1,
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Silva',
  language: 'en',
  groups: [],
  social_accounts: [],
  memberships: [{ id: 11, level: 'admin', team: { id: 7, name: 'Acme Marketing', slug: 'acme' } }],
  ...overrides,
});

export const makeMember = (overrides: Partial<Member> = {}): Member => ({
  id: 11,
  level: 'admin',
  user: { id: 1, email: 'ana@example.com', first_name: 'Ana', last_name: 'Silva' },
  joined: '2026-01-05T10:00:00Z',
  last_login: null,
  ...overrides,
});
