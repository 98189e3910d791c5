/** Catalogue records shaped like the sandbox's (X Ads API targeting_criteria items). */
export const FIXTURE_CATALOGUES: object[] = [
  {
    type: 'catalogue',
    kind: 'interests',
    items: [
      ['Science/Physics', '20005'],
      ['Science/Astronomy', '20006'],
      ['Sports/Soccer', '22001'],
      ['Sports/Cricket', '22002'],
      ['Food and drink/Coffee', '9001'],
    ].map(([name, value]) => ({ name, targeting_type: 'INTEREST', targeting_value: value })),
  },
  {
    type: 'catalogue',
    kind: 'conversations',
    items: [
      { name: 'Formula 1', targeting_type: 'CONVERSATION', targeting_value: '100' },
      { name: 'Manga', targeting_type: 'CONVERSATION', targeting_value: '101' },
    ],
  },
  {
    type: 'catalogue',
    kind: 'movies_and_tv_shows',
    items: [{ name: 'Harbor Lights', targeting_type: 'MOVIES_AND_TV_SHOWS', targeting_value: '200' }],
  },
  {
    type: 'catalogue',
    kind: 'languages',
    items: [
      ['English', 'en'],
      ['Japanese', 'ja'],
      ['Spanish', 'es'],
    ].map(([name, value]) => ({ name, targeting_type: 'LANGUAGE', targeting_value: value })),
  },
  {
    type: 'catalogue',
    kind: 'network_operators',
    items: [
      ['NTT Docomo', '5', 'JP'],
      ['Verizon', '1', 'US'],
      ['Movistar', '30', 'MX'],
      ['Movistar', '31', 'ES'],
    ].map(([name, value, cc]) => ({
      name,
      country_code: cc,
      targeting_type: 'NETWORK_OPERATOR',
      targeting_value: value,
    })),
  },
  {
    type: 'catalogue',
    kind: 'locations',
    items: [
      ['Japan', 'c-jp', 'COUNTRIES', 'JP'],
      ['United States', 'c-us', 'COUNTRIES', 'US'],
      ['Chiba, JP', 'r-chiba', 'REGIONS', 'JP'],
      ['California, US', 'r-ca', 'REGIONS', 'US'],
      ['San Francisco-Oakland-San Jose CA, US', 'm-sf', 'METROS', 'US'],
      ['Chiba, Chiba, JP', 'x-chiba', 'CITIES', 'JP'],
    ].map(([name, value, type, cc]) => ({
      name,
      country_code: cc,
      location_type: type,
      targeting_type: 'LOCATION',
      targeting_value: value,
    })),
  },
  {
    type: 'catalogue',
    kind: 'platforms',
    items: [
      ['iOS', '0'],
      ['Android', '1'],
      ['Desktop and laptop computers', '4'],
    ].map(([name, value]) => ({ name, targeting_type: 'PLATFORM', targeting_value: value })),
  },
];
