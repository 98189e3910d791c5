import {
  targetingPackageSchema,
  type TargetingPackage,
  type TargetingPackageInput,
} from '@murmur/core/targeting';
import type { Audience } from '../evaluate/evaluate';
import type { Fixture } from './fixture';

/**
 * Ten accounts whose every targeting answer is known (see evaluate tests):
 * 0 @nasa (US, physics, "astronomy lover and coffee nerd"), followed by 1, 2, 3 and 7;
 * 2 and 3 are Japanese speakers in Japan; 4 Mexico and 5 Spain speak Spanish on Movistar.
 */
export const NETWORK_A: Fixture = {
  accounts: [
    {
      n: 0,
      handle: 'nasa',
      gender: 'male',
      age: '25-34',
      interests: ['20005'],
      bio: 'Astronomy lover and coffee nerd',
      operator: '1',
    },
    { n: 1, gender: 'female', age: '18-20', interests: ['20006'], bio: 'Cricket fan', follows: [0] },
    {
      n: 2,
      country: 'JP',
      region: 'Chiba',
      city: 'Chiba',
      metro: null,
      lang: 'ja',
      gender: 'female',
      age: '35-49',
      bio: '気候変動好き／物理',
      operator: '5',
      topics: ['101'],
      follows: [0],
    },
    {
      n: 3,
      country: 'JP',
      region: 'Tokyo',
      city: 'Tokyo',
      metro: null,
      lang: 'ja',
      gender: 'male',
      age: '13-17',
      movies: ['200'],
      follows: [0, 2],
    },
    {
      n: 4,
      country: 'MX',
      region: 'Jalisco',
      city: 'Guadalajara',
      metro: null,
      lang: 'es',
      gender: 'female',
      age: '55+',
      operator: '30',
      interests: ['22001'],
      follows: [2],
    },
    {
      n: 5,
      country: 'ES',
      region: 'Madrid',
      city: 'Madrid',
      metro: null,
      lang: 'es',
      gender: 'male',
      age: '50-54',
      operator: '31',
      interests: ['22002'],
      topics: ['100'],
    },
    { n: 6, bio: 'Coffee and jazz' },
    { n: 7, gender: 'female', age: '21-24', follows: [0] },
    { n: 8, country: 'GB', region: 'England', city: 'London', metro: null, gender: 'male', age: '25-34' },
    { n: 9, gender: 'female', age: '25-34', interests: ['9001'] },
  ],
  posts: [
    { author: 6, text: 'Best #Jazz night in town with friends', hashtags: ['#Jazz'], likedBy: [7, 9] },
    { author: 8, text: 'Climate change is real', likedBy: [1] },
    { author: 3, text: '今日は気候変動について考えてる' },
    { author: 9, text: 'Morning coffee', hashtags: ['#Coffee'] },
  ],
};

export const pkg = (input: TargetingPackageInput): TargetingPackage => targetingPackageSchema.parse(input);
export const members = (audience: Audience): number[] => [...audience.accounts.toArray()];
