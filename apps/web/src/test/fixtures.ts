import type { AudienceConfig, Member, Team, User } from '@murmur/core/api';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { countFigure, populationEstimate } from '@murmur/core/sampling';

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

/** A saved audience of the Acme team: a keyword package, sized, with insights not yet run. */
export const makeAudienceConfig = (id: number, overrides: Partial<AudienceConfig> = {}): AudienceConfig => ({
  id,
  name: `Audience ${id}`,
  kind: 'builder',
  category: null,
  categories: [],
  country: 'Japan',
  targeting_package: { ...emptyTargetingPackage(), keywords: [{ label: 'ramen' }] },
  exclusions: [],
  size: 1_500_000,
  sample_count: 300,
  size_bucket: '1M-5M',
  core_audience: 1_000_000,
  total_native: 1_500_000,
  pro_targeting_size: 1_200_000,
  // 300 of a 100 000-account sample at 5 000 each: the size above, with its interval.
  size_figure: populationEstimate(300, { sampleSize: 100_000, rate: 5000 }),
  upload_figure: countFigure(300, 'upload'),
  // Core (200) and pro-targeting (240) sizes of the same sample, and the native size (the size).
  core_figure: populationEstimate(200, { sampleSize: 100_000, rate: 5000 }),
  native_figure: populationEstimate(300, { sampleSize: 100_000, rate: 5000 }),
  pro_targeting_figure: populationEstimate(240, { sampleSize: 100_000, rate: 5000 }),
  status: 'Active',
  has_insights: false,
  is_super_insights: false,
  targetable: true,
  created_by: { id: 1, email: 'ana@example.com', name: 'Ana Silva' },
  team: { id: 7, slug: 'acme', name: 'Acme Marketing' },
  ad_account: null,
  created: '2026-01-05T10:00:00Z',
  modified: '2026-01-06T10:00:00Z',
  ...overrides,
});

/** X's interests as GET /api/external/interests/ lists them: one sport, two technology subcategories. */
export const INTERESTS = [
  { value: '17001', label: 'Sports/Soccer', category: 'Sports', size: 900 },
  {
    value: '24001',
    label: 'Technology and computing/Software',
    category: 'Technology and computing',
    size: 800,
  },
  {
    value: '24002',
    label: 'Technology and computing/Programming',
    category: 'Technology and computing',
    size: 700,
  },
];
