/** X's OAuth 2.0 scopes with the wording of its consent page. */
export const X_SCOPES: Readonly<Record<string, string>> = {
  'tweet.read': 'See posts from your timeline (including protected posts) and your lists and collections',
  'tweet.write': 'Post and repost for you',
  'tweet.moderate.write': 'Hide and unhide replies to your posts',
  'users.email': 'See the email address of your account',
  'users.read': 'See any account you can view, including protected accounts',
  'follows.read': 'See accounts you follow and that follow you',
  'follows.write': 'Follow and unfollow accounts for you',
  'offline.access': 'Stay connected to your account until you revoke access',
  'space.read': 'See all the Spaces you can view',
  'mute.read': 'See accounts you have muted',
  'mute.write': 'Mute and unmute accounts for you',
  'like.read': 'See posts you liked and likes you can view',
  'like.write': 'Like and unlike posts for you',
  'list.read': 'See lists, their members and followers, including private lists you own',
  'list.write': 'Create and manage lists for you',
  'block.read': 'See accounts you have blocked',
  'block.write': 'Block and unblock accounts for you',
  'bookmark.read': 'Get bookmarked posts from an authenticated user',
  'bookmark.write': 'Bookmark and remove bookmarks from posts',
  'media.write': 'Upload media for you',
  'dm.read': 'See all your direct messages',
  'dm.write': 'Send and manage direct messages for you',
};

/** Space-separated scopes split into known and unknown ones. */
export function parseScopes(raw: string | undefined): { scopes: string[]; unknown: string[] } {
  const requested = [...new Set((raw ?? '').split(/[\s+]+/).filter(Boolean))];
  return {
    scopes: requested.filter((s) => s in X_SCOPES),
    unknown: requested.filter((s) => !(s in X_SCOPES)),
  };
}
