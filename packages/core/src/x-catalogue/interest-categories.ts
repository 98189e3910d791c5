/**
 * X's interest taxonomy: 25 top-level categories, each with subcategories named
 * "Category/Subcategory" in targeting criteria. `weight` is the category's share of interest among
 * X users (relative, not normalised); `code` is the stable numeric prefix of its targeting values.
 */
export const INTEREST_CATEGORY_KEYS = [
  'automotive',
  'beauty',
  'books',
  'business',
  'careers',
  'education',
  'events',
  'family',
  'food',
  'gaming',
  'health',
  'hobbies',
  'home',
  'politics',
  'life-stages',
  'movies-tv',
  'music',
  'finance',
  'pets',
  'science',
  'society',
  'sports',
  'style',
  'technology',
  'travel',
] as const;
export type InterestCategoryKey = (typeof INTEREST_CATEGORY_KEYS)[number];

export interface InterestCategory {
  key: InterestCategoryKey;
  code: number;
  name: string;
  weight: number;
}

const row = (key: InterestCategoryKey, code: number, name: string, weight: number): InterestCategory => ({
  key,
  code,
  name,
  weight,
});

export const INTEREST_CATEGORIES: readonly InterestCategory[] = [
  row('automotive', 1, 'Automotive', 3),
  row('beauty', 2, 'Beauty', 3),
  row('books', 3, 'Books and literature', 3),
  row('business', 4, 'Business', 5),
  row('careers', 5, 'Careers', 2),
  row('education', 6, 'Education', 2),
  row('events', 7, 'Events', 2),
  row('family', 8, 'Family and parenting', 3),
  row('food', 9, 'Food and drink', 6),
  row('gaming', 10, 'Gaming', 7),
  row('health', 11, 'Health', 5),
  row('hobbies', 12, 'Hobbies and interests', 4),
  row('home', 13, 'Home and garden', 2),
  row('politics', 14, 'Law, government and politics', 7),
  row('life-stages', 15, 'Life stages', 1),
  row('movies-tv', 16, 'Movies and television', 8),
  row('music', 17, 'Music and radio', 8),
  row('finance', 18, 'Personal finance', 4),
  row('pets', 19, 'Pets', 3),
  row('science', 20, 'Science', 3),
  row('society', 21, 'Society', 3),
  row('sports', 22, 'Sports', 10),
  row('style', 23, 'Style and fashion', 4),
  row('technology', 24, 'Technology and computing', 9),
  row('travel', 25, 'Travel', 4),
];

export function categoryIndex(key: InterestCategoryKey): number {
  return INTEREST_CATEGORY_KEYS.indexOf(key);
}
