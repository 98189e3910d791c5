import { fnv1a as hashString } from '../hash';
import { interestByKey } from './interests';

/**
 * X's conversation topics (targeting_type CONVERSATION): named entities and themes people talk
 * about, each typed like X's `conversation_type`. Every topic hangs off one interest so accounts pick
 * topics that match what they are interested in. Names are genres, leagues and themes rather than
 * real people, which keeps the sandbox free of personal data.
 */
export interface ConversationTopic {
  index: number;
  name: string;
  conversationType: string;
  /** Index in INTERESTS. */
  interest: number;
  /** ISO codes of the countries where it is mainly discussed; empty means everywhere. */
  countries: readonly string[];
  targetingValue: string;
}

// "Name|CONVERSATION_TYPE|interest key[|country codes where it is mainly discussed]"
// prettier-ignore
const TOPICS = [
  'Electric vehicles|PRODUCTS|automotive/hybrid-and-electric-vehicles', 'Formula 1|SPORTS_LEAGUES|automotive/car-racing',
  'Classic car shows|LIFESTYLES|automotive/classic-cars', 'Motorcycle touring|LIFESTYLES|automotive/motorcycles',
  'Skincare routines|LIFESTYLES|beauty/skin-care', 'Makeup tutorials|LIFESTYLES|beauty/makeup-and-cosmetics',
  'Perfume|PRODUCTS|beauty/fragrances', 'BookTok|TRENDS|books/fiction', 'Fantasy novels|BOOK_GENRES|books/sci-fi-and-fantasy',
  'Manga|BOOK_GENRES|hobbies/anime-and-manga', 'Poetry|BOOK_GENRES|books/poetry', 'Comic books|BOOK_GENRES|books/comics',
  'Startups|TRENDS|business/startups', 'Digital marketing|TRENDS|business/marketing', 'Venture capital|TRENDS|business/entrepreneurship',
  'Small business owners|LIFESTYLES|business/small-business', 'Real estate investing|TRENDS|business/real-estate',
  'Renewable energy|TRENDS|business/oil-and-energy', 'Remote work|TRENDS|careers/remote-work', 'Job hunting|TRENDS|careers/job-search',
  'Freelance life|LIFESTYLES|careers/freelancing', 'Language learning|TRENDS|education/language-learning',
  'Study tips|TRENDS|education/college-life', 'Online learning|TRENDS|education/online-courses',
  'Music festivals|TRENDS|events/music-festivals', 'Tech conferences|TRENDS|events/conferences',
  'Award season|TRENDS|events/award-shows', 'Parenting tips|LIFESTYLES|family/parenting', 'New parents|LIFESTYLES|family/babies-and-toddlers',
  'Home cooking|LIFESTYLES|food/cooking', 'Specialty coffee|PRODUCTS|food/coffee', 'Baking|LIFESTYLES|food/desserts-and-baking',
  'Plant-based food|LIFESTYLES|food/vegetarian-and-vegan', 'Craft beer|PRODUCTS|food/beer', 'Ramen|PRODUCTS|food/restaurants',
  'Street food|LIFESTYLES|food/street-food', 'Wine tasting|LIFESTYLES|food/wine', 'PlayStation|VIDEO_GAME_PLATFORMS|gaming/console-gaming',
  'Nintendo Switch|VIDEO_GAME_PLATFORMS|gaming/console-gaming', 'Mobile RPGs|VIDEO_GAMES|gaming/mobile-gaming',
  'Battle royale games|VIDEO_GAMES|gaming/pc-gaming', 'Esports tournaments|SPORTS_LEAGUES|gaming/esports',
  'Indie games|VIDEO_GAMES|gaming/game-development', 'Retro consoles|VIDEO_GAME_PLATFORMS|gaming/retro-gaming',
  'Gym workouts|LIFESTYLES|health/fitness', 'Marathon training|LIFESTYLES|health/running', 'Mental wellness|LIFESTYLES|health/mental-health',
  'Meal prep|LIFESTYLES|health/nutrition', 'Yoga practice|LIFESTYLES|health/yoga', 'Anime|TV_SHOWS|hobbies/anime-and-manga',
  'Street photography|LIFESTYLES|hobbies/photography', 'Cosplay|LIFESTYLES|hobbies/cosplay', 'Hiking|LIFESTYLES|hobbies/outdoors',
  'Tabletop games|LIFESTYLES|hobbies/board-games', 'Houseplants|LIFESTYLES|home/gardening', 'Home renovation|LIFESTYLES|home/home-improvement',
  'Interior styling|LIFESTYLES|home/interior-design', 'Elections|NEWS_STORIES|politics/elections', 'Political debate|NEWS|politics/politics',
  'Breaking news|NEWS|politics/political-news', 'Human rights|NEWS_STORIES|politics/human-rights', 'Public policy|NEWS|politics/government',
  'Campus life|LIFESTYLES|life-stages/students', 'Retirement life|LIFESTYLES|life-stages/retirement',
  'Reality shows|TV_SHOWS|movies-tv/reality-tv', 'Streaming series|TV_SHOWS|movies-tv/streaming-tv', 'Horror movies|MOVIE_GENRES|movies-tv/horror',
  'Superhero movies|MOVIE_GENRES|movies-tv/action', 'Animated films|MOVIE_GENRES|movies-tv/animation', 'Stand-up comedy|MOVIE_GENRES|movies-tv/comedy',
  'True crime documentaries|MOVIE_GENRES|movies-tv/documentary', 'K-drama|TV_SHOWS|movies-tv/drama|KR,JP,ID,PH,MY,US', 'K-pop|MUSIC_GENRES|music/k-pop',
  'J-pop|MUSIC_GENRES|music/j-pop', 'Hip hop|MUSIC_GENRES|music/hip-hop-and-rap', 'Reggaeton|MUSIC_GENRES|music/latin-music',
  'Pop music|MUSIC_GENRES|music/pop', 'Rock music|MUSIC_GENRES|music/rock', 'EDM|MUSIC_GENRES|music/electronic-and-dance',
  'Jazz|MUSIC_GENRES|music/jazz', 'Podcasts|PODCASTS|music/podcasts-and-radio', 'Bitcoin|TRENDS|finance/cryptocurrency',
  'Ethereum|TRENDS|finance/cryptocurrency', 'Stock market|TRENDS|finance/investing', 'Personal finance tips|TRENDS|finance/personal-budgeting',
  'Dogs|LIFESTYLES|pets/dogs', 'Cats|LIFESTYLES|pets/cats', 'Space exploration|TRENDS|science/space-and-astronomy',
  'Climate change|NEWS_STORIES|science/climate-and-environment', 'Physics|TRENDS|science/physics', 'Biology|TRENDS|science/biology',
  'Volunteering|LIFESTYLES|society/charity-and-philanthropy', 'Faith|LIFESTYLES|society/religion-and-spirituality',
  'Weddings|LIFESTYLES|society/weddings', 'Dating life|LIFESTYLES|society/dating', 'Premier League|SPORTS_LEAGUES|sports/soccer|GB,IE,NG,ZA,IN,US,CA,AU,MY,PH,EG,SA,AE,KW',
  'LaLiga|SPORTS_LEAGUES|sports/soccer|ES,MX,AR,CO,CL,PE,VE,US,MA', 'Champions League|SPORTS_LEAGUES|sports/soccer', 'Copa Libertadores|SPORTS_LEAGUES|sports/soccer|BR,AR,CO,CL,PE,VE',
  'J1 League|SPORTS_LEAGUES|sports/soccer|JP', 'Süper Lig|SPORTS_LEAGUES|sports/soccer|TR', 'NBA|SPORTS_LEAGUES|sports/basketball',
  'NFL|SPORTS_LEAGUES|sports/american-football|US,CA,MX,GB', 'MLB|SPORTS_LEAGUES|sports/baseball|US,CA,MX,JP,KR,VE', 'Nippon Professional Baseball|SPORTS_LEAGUES|sports/baseball|JP',
  'Indian Premier League|SPORTS_LEAGUES|sports/cricket|IN,PK,AU,GB,ZA', 'Grand Slam tennis|SPORTS_LEAGUES|sports/tennis', 'MotoGP|SPORTS_LEAGUES|sports/motorsports',
  'UFC|SPORTS_LEAGUES|sports/combat-sports', 'Pro wrestling|SPORTS|sports/wrestling', 'Tour de France|SPORTS|sports/cycling',
  'Golf majors|SPORTS|sports/golf', 'Olympic Games|SPORTS|sports/olympics', 'Volleyball|SPORTS|sports/volleyball',
  'Sneaker drops|PRODUCTS|style/sneakers', 'Streetwear|LIFESTYLES|style/streetwear', 'Fashion week|TRENDS|style/women-s-fashion',
  "Men's style|LIFESTYLES|style/men-s-fashion", 'Luxury watches|PRODUCTS|style/luxury', 'Generative AI|TRENDS|technology/artificial-intelligence',
  'Machine learning|TRENDS|technology/artificial-intelligence', 'Web development|TRENDS|technology/programming', 'JavaScript|TRENDS|technology/programming',
  'Python|TRENDS|technology/programming', 'Smartphones|PRODUCTS|technology/mobile-phones', 'Cybersecurity|TRENDS|technology/cybersecurity',
  'Cloud platforms|TRENDS|technology/cloud-computing', 'Open source software|TRENDS|technology/open-source', 'Chips|TRENDS|technology/semiconductors',
  'Gadget reviews|PRODUCTS|technology/gadgets', 'SaaS|TRENDS|technology/software', 'Data visualisation|TRENDS|technology/data-science',
  'Beach holidays|LIFESTYLES|travel/beaches-and-islands', 'Backpacking|LIFESTYLES|travel/budget-travel', 'Camping|LIFESTYLES|travel/camping',
  'Frequent flyers|LIFESTYLES|travel/air-travel', 'Luxury hotels|LIFESTYLES|travel/hotels-and-resorts', 'Road trips|LIFESTYLES|travel/adventure-travel',
];

export const CONVERSATION_TOPICS: readonly ConversationTopic[] = TOPICS.map((spec, index) => {
  const [name = spec, conversationType = 'TRENDS', interestKey = '', countries = ''] = spec.split('|');
  return {
    index,
    name,
    conversationType,
    interest: interestByKey(interestKey).index,
    countries: countries ? countries.split(',') : [],
    // X's topic targeting values are opaque numeric strings; the index suffix keeps them unique.
    targetingValue: String(1_000_000 + (hashString(`topic:${name}`) % 9000) * 1000 + index),
  };
});

/** Topic indices per interest index. */
export const TOPICS_BY_INTEREST: ReadonlyMap<number, readonly number[]> = CONVERSATION_TOPICS.reduce(
  (map, topic) => map.set(topic.interest, [...(map.get(topic.interest) ?? []), topic.index]),
  new Map<number, number[]>(),
);
