import { SLUG_PATTERN } from '@murmur/core/api';

const MAX_SLUG_LENGTH = 50;

/**
 * The address a team name would get: lower case ASCII letters, digits and dashes (the API's
 * SLUG_PATTERN). Returns '' when nothing usable is left (e.g. a name in Japanese only), in which case
 * the server picks the slug.
 */
export const slugify = (name: string): string => {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return SLUG_PATTERN.test(slug) ? slug : '';
};
