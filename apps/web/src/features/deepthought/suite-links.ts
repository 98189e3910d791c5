// Apart from the dashboard screen: the layout's navigation needs the list on every first load, not
// the screen's code (and the API schemas it pulls in).
/** The suite's pages, for the dashboard's links (and the layout's navigation). */
export const SUITE_LINKS = [
  ['/followers', 'premium.screens.followers'],
  ['/following', 'premium.screens.following'],
  ['/premium-suite/unfollowed', 'premium.screens.unfollowed'],
  ['/posts', 'premium.screens.posts'],
  ['/engagers', 'premium.screens.engagers'],
  ['/lists', 'premium.screens.lists'],
  ['/premium-suite/topics', 'premium.screens.topics'],
  ['/premium-suite/following-topics', 'premium.screens.followingTopics'],
  ['/premium-suite/accounts', 'premium.screens.accounts'],
  ['/premium-suite/xstats', 'premium.screens.xstats'],
  ['/premium-suite/talk-to-x', 'premium.screens.talkToX'],
  ['/switch-account', 'premium.screens.switchAccount'],
] as const;
