import { INTEREST_CATEGORIES, categoryIndex, type InterestCategoryKey } from './interest-categories';

/** One targetable interest: "Category/Subcategory" with an X-like numeric targeting value. */
export interface Interest {
  /** Position in INTERESTS; what accounts store. */
  index: number;
  category: number;
  /** Short stable key, unique across the catalogue (e.g. "technology/software"). */
  key: string;
  /** X's display form, e.g. "Technology and computing/Software". */
  name: string;
  /** Subcategory name alone, used as an English keyword and hashtag. */
  label: string;
  targetingValue: string;
  /** Relative popularity inside its category. */
  weight: number;
}

/** Subcategories per category as "Label:weight|Label|…" (weight defaults to 1). */
// prettier-ignore
const SUBCATEGORIES: Readonly<Record<InterestCategoryKey, string>> = {
  automotive: 'Autos:3|Classic cars|Motorcycles|Hybrid and electric vehicles:2|SUVs|Car racing',
  beauty: 'Makeup and cosmetics:3|Skin care:3|Hair care:2|Fragrances|Nail care',
  books: 'Fiction:3|Biographies and memoirs|Comics|Poetry|Sci-fi and fantasy:2|Book clubs',
  business: 'Entrepreneurship:3|Marketing:3|Advertising:2|Startups:2|Small business:2|Leadership|Real estate|Oil and energy|Agriculture',
  careers: 'Job search:2|Remote work:2|Career development|Freelancing',
  education: 'College life:2|Language learning:2|Teachers and educators|Online courses|Graduate school',
  events: 'Music festivals:2|Conferences|Holidays:2|Sporting events:2|Award shows',
  family: 'Parenting:3|Babies and toddlers|Moms:2|Dads|Parenting teens',
  food: 'Cooking:3|Coffee:2|Desserts and baking:2|Healthy eating:2|Restaurants:2|Beer|Wine|Vegetarian and vegan|Street food',
  gaming: 'Console gaming:3|Mobile gaming:3|PC gaming:2|Esports:2|Game development|Retro gaming',
  health: 'Fitness:3|Mental health:2|Nutrition:2|Yoga|Running:2|Weight loss|Alternative medicine',
  hobbies: 'Anime and manga:3|Photography:2|Arts and crafts:2|Collecting|Outdoors:2|Board games|Cosplay',
  home: 'Gardening:2|Home improvement:2|Interior design:2|DIY',
  politics: 'Politics:4|Political news:3|Government|Elections:2|Law|Human rights|Military',
  'life-stages': 'Students:2|Young professionals:2|Newlyweds|Retirement',
  'movies-tv': 'Drama:2|Comedy:2|Action:2|Animation:2|Documentary|Horror|Reality TV:2|Sci-fi and fantasy films|Streaming TV:2',
  music: 'Pop:3|Hip hop and rap:3|Rock:2|K-pop:2|J-pop|Latin music:2|Electronic and dance|Jazz|Classical|Podcasts and radio',
  finance: 'Investing:3|Cryptocurrency:3|Banking|Credit and lending|Insurance|Retirement planning|Personal budgeting',
  pets: 'Dogs:3|Cats:3|Birds|Aquariums|Horses',
  science: 'Space and astronomy:3|Biology|Physics|Climate and environment:2|Chemistry|Mathematics',
  society: 'Charity and philanthropy|Religion and spirituality:2|Social causes:2|Dating|Weddings|LGBTQ',
  sports: 'Soccer:6|Basketball:3|American football:2|Baseball:2|Cricket:2|Tennis|Motorsports:2|Combat sports|Golf|Cycling|Volleyball|Wrestling|Olympics',
  style: "Women's fashion:3|Men's fashion:2|Streetwear|Jewelry|Sneakers|Luxury",
  technology: 'Software:3|Programming:3|Artificial intelligence:3|Gadgets:2|Mobile phones:2|Cybersecurity|Cloud computing|Data science|Web design|Open source|Semiconductors',
  travel: 'Beaches and islands:2|Adventure travel|Air travel|Hotels and resorts|Budget travel|Camping|Cruises|Business travel',
};

const slug = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function buildInterests(): Interest[] {
  const out: Interest[] = [];
  for (const category of INTEREST_CATEGORIES) {
    const subs = SUBCATEGORIES[category.key].split('|');
    subs.forEach((spec, j) => {
      const [label = spec, weight = '1'] = spec.split(':');
      out.push({
        index: out.length,
        category: categoryIndex(category.key),
        key: `${category.key}/${slug(label)}`,
        name: `${category.name}/${label}`,
        label,
        // X-like ids: category code followed by a three-digit subcategory number ("24001").
        targetingValue: String(category.code * 1000 + j + 1),
        weight: Number(weight),
      });
    });
  }
  return out;
}

export const INTERESTS: readonly Interest[] = buildInterests();

/** Interest indices grouped by category index. */
export const INTERESTS_BY_CATEGORY: readonly (readonly number[])[] = INTEREST_CATEGORIES.map((_, c) =>
  INTERESTS.filter((i) => i.category === c).map((i) => i.index),
);

const byKey = new Map(INTERESTS.map((i) => [i.key, i]));

export function interestByKey(key: string): Interest {
  const found = byKey.get(key);
  if (!found) throw new Error(`Unknown interest ${key}`);
  return found;
}
