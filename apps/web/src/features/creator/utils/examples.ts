import type { TargetingPackageInput } from '@murmur/core/targeting';
import type { ParseKeys } from 'i18next';

export interface WorkedExample {
  id: string;
  title: ParseKeys;
  description: ParseKeys;
  pkg: TargetingPackageInput;
}

/** Worked examples: prefilled packages that show how the criteria combine. */
export const WORKED_EXAMPLES: WorkedExample[] = [
  {
    id: 'anime-japan',
    title: 'creator.examples.animeJapan.title',
    description: 'creator.examples.animeJapan.description',
    pkg: {
      interests: [{ label: 'Hobbies and interests/Anime and manga', id: '12001' }],
      hashtags: [{ label: 'anime' }],
      countries: [{ label: 'Japan', id: 'JP' }],
      languages: [{ label: 'Japanese', id: 'ja' }],
    },
  },
  {
    id: 'soccer-uk',
    title: 'creator.examples.soccerUk.title',
    description: 'creator.examples.soccerUk.description',
    pkg: {
      interests: [{ label: 'Sports/Soccer', id: '22001' }],
      keywords: [{ label: 'football' }],
      countries: [{ label: 'United Kingdom', id: 'GB' }],
      gender: ['ANY'],
    },
  },
  {
    id: 'coffee-adults',
    title: 'creator.examples.coffee.title',
    description: 'creator.examples.coffee.description',
    pkg: {
      interests: [{ label: 'Food and drink/Coffee', id: '9002' }],
      keywords: [{ label: 'coffee' }, { label: 'latte', deselected: true }],
      age: ['25-54'],
      placements: ['homeTimelines', 'searchResults'],
    },
  },
];
