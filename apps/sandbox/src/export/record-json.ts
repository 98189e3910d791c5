import { AGE_BANDS, ACCOUNT_KIND_NAMES, AccountFlag, GENDER_NAMES, GONE } from '../model/accounts';
import { CONVERSATION_TOPICS } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { JOB_CATEGORIES, JOB_TITLES, NO_JOB } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { CITIES, COUNTRIES, METROS, REGIONS } from '@murmur/core/x-catalogue';
import { MOVIES_TV_SHOWS } from '@murmur/core/x-catalogue';
import { NETWORK_OPERATORS, NO_OPERATOR } from '@murmur/core/x-catalogue';
import { PLATFORMS } from '@murmur/core/x-catalogue';
import type { Csr } from '../model/csr';
import { EventKind } from '../model/events';
import { postId } from '../model/posts';
import type { LiveLists } from '../history/live-lists';
import type { Network } from '../network';
import { avatarOf } from '../text/avatar';
import { bioOf, locationOf } from '../text/bio';
import { placeOf } from '../model/location-text';
import { postContent } from '../text/post-text';
import { isoSeconds } from './iso-seconds';
import type { PostEngagements } from './post-engagements';

/**
 * The export's records written straight as JSON text, without building the record object first:
 * at 10M accounts building and stringifying ~70M objects was half of the export's time. Every line
 * must be byte for byte what `JSON.stringify` gives for the builders in ./records.ts (the format's
 * reference; export-bytes.test.ts compares the two). Free text goes through JSON.stringify itself so
 * its escaping is the standard one; catalogue values are encoded once; numbers are integers, whose
 * JSON is their decimal string.
 */

const q = JSON.stringify;
const NULL = 'null';
const encodeAll = (names: readonly string[]): string[] => names.map((n) => q(n));
const targetingValues = (catalogue: readonly { targetingValue: string }[]): string[] =>
  catalogue.map((c) => q(c.targetingValue));

// Catalogue strings as JSON, once per process.
const COUNTRY = COUNTRIES.map((c) => q(c.code));
const REGION = REGIONS.map((r) => q(r.name));
const CITY = CITIES.map((c) => q(c.name));
const METRO = CITIES.map((c) => (c.metro >= 0 ? q(METROS[c.metro]!.name) : NULL));
const LANG = encodeAll(LANGUAGE_CODES);
const GENDER = GENDER_NAMES.map((g, i) => (i ? q(g) : NULL));
const AGE = AGE_BANDS.map((b, i) => (i ? q(b) : NULL));
const JOB = JOB_TITLES.map((j) => q(j.key));
const JOB_CATEGORY = JOB_TITLES.map((j) => q(JOB_CATEGORIES[j.category]!.name));
const DEVICE = PLATFORMS.map((p) => q(p.key));
const OPERATOR = NETWORK_OPERATORS.map((o) => q(o.targetingValue));
const INTEREST = targetingValues(INTERESTS);
const TOPIC = targetingValues(CONVERSATION_TOPICS);
const MOVIE = targetingValues(MOVIES_TV_SHOWS);
const KIND = encodeAll(ACCOUNT_KIND_NAMES);

/** A CSR row of catalogue indices as a JSON array of their encoded values. */
function valuesJson(encoded: readonly string[], csr: Csr<Uint16Array>, row: number): string {
  const end = csr.offsets[row + 1]!;
  let k = csr.offsets[row]!;
  if (k === end) return '[]';
  let out = '[' + encoded[csr.values[k++]!]!;
  while (k < end) out += ',' + encoded[csr.values[k++]!]!;
  return out + ']';
}

/** The location columns: catalogue strings encoded once, or what the shared rule resolves (placeOf). */
function placeJson(a: Network['accounts'], i: number, city: number): string {
  if (!a.locationMode[i])
    return (
      ',"country":' +
      COUNTRY[a.country[i]!]! +
      ',"region":' +
      REGION[a.region[i]!]! +
      ',"city":' +
      CITY[city]! +
      ',"metro":' +
      METRO[city]!
    );
  const place = placeOf(a, i);
  return (
    ',"country":' +
    q(place.country) +
    ',"region":' +
    q(place.region) +
    ',"city":' +
    q(place.city) +
    ',"metro":' +
    (place.metro === null ? NULL : q(place.metro))
  );
}

/** JSON of ./records.ts accountRecord; `posts` is the account's post count (prior + simulated). */
export function accountJson(net: Network, i: number, posts: number): string {
  const a = net.accounts;
  // A deleted or suspended account is absent from the export (live contract rule 7): no record.
  if ((a.flags[i]! & GONE) !== 0) return '';
  const job = a.job[i]!;
  const operator = a.operator[i]!;
  const city = a.city[i]!;
  const flags = a.flags[i]!;
  // Born after the anchor: only what X's user object carries (live contract rule 1).
  const born = (flags & AccountFlag.liveBorn) !== 0;
  const avatar = avatarOf(a, i);
  const avatarJson =
    avatar.kind === 'default'
      ? '{"kind":"default"}'
      : '{"kind":"initials","initials":' +
        q(avatar.initials) +
        ',"background":' +
        q(avatar.background) +
        ',"foreground":' +
        q(avatar.foreground) +
        ',"shape":' +
        q(avatar.shape) +
        '}';
  return (
    '{"type":"account","n":' +
    i +
    ',"id":"' +
    a.ids[i]!.toString() +
    '","handle":' +
    q(a.handles[i]!) +
    ',"name":' +
    q(a.names[i]!) +
    ',"bio":' +
    q(bioOf(a, i)) +
    ',"location":' +
    q(locationOf(a, i)) +
    placeJson(a, i, city) +
    ',"lang":' +
    (!born || flags & AccountFlag.posted ? LANG[a.language[i]!]! : '""') +
    ',"gender":' +
    (born ? NULL : GENDER[a.gender[i]!]!) +
    ',"age":' +
    (born ? NULL : AGE[a.ageBand[i]!]!) +
    ',"job":' +
    (born || job === NO_JOB ? NULL : JOB[job]!) +
    ',"jobCategory":' +
    (born || job === NO_JOB ? NULL : JOB_CATEGORY[job]!) +
    ',"created":"' +
    isoSeconds(a.created[i]!) +
    '","verified":' +
    ((flags & AccountFlag.verified) !== 0) +
    ',"protected":' +
    ((flags & AccountFlag.protected) !== 0) +
    ',"followers":' +
    net.graph.inDegree[i]! +
    ',"following":' +
    net.graph.outDegree[i]! +
    ',"posts":' +
    posts +
    ',"device":' +
    (born ? '""' : DEVICE[a.platform[i]!]!) +
    ',"operator":' +
    (born || operator === NO_OPERATOR ? NULL : OPERATOR[operator]!) +
    ',"interests":' +
    (born ? '[]' : valuesJson(INTEREST, a.interests, i)) +
    ',"topics":' +
    (born ? '[]' : valuesJson(TOPIC, a.topics, i)) +
    ',"movies":' +
    (born ? '[]' : valuesJson(MOVIE, a.movies, i)) +
    ',"avatar":' +
    avatarJson +
    ',"community":' +
    (born ? -1 : a.community[i]!) +
    ',"kind":' +
    (born ? '""' : KIND[a.kind[i]!]!) +
    '}'
  );
}

export function followingJson(net: Network, i: number): string {
  return '{"type":"following","n":' + i + ',"to":[' + net.graph.following(i).join(',') + ']}';
}

export function listJson(lists: LiveLists, l: number): string {
  const list = lists.get(l);
  return (
    '{"type":"list","n":' +
    l +
    ',"id":"' +
    lists.id(l) +
    '","owner":' +
    list.owner +
    ',"name":' +
    q(list.name) +
    ',"description":' +
    q(list.description) +
    ',"private":' +
    list.private +
    ',"created":"' +
    isoSeconds(list.created) +
    '","members":[' +
    list.members.join(',') +
    ']}'
  );
}

/** JSON of ./records.ts postRecord: engagements as [account, seconds after the post] by kind. */
export function postJson(net: Network, p: number, engagements: PostEngagements): string {
  const { posts, events } = net;
  // Deleted posts (and those of accounts that left) are absent (live contract rules 6 and 7).
  if (posts.deleted.get(p)) return '';
  const content = postContent(net, p);
  const at = posts.time.get(p);
  const author = posts.author.get(p);
  const parent = posts.replyTo.get(p);
  // A reply whose parent was deleted stays a post, no longer a reply to anything in the export.
  const replyTo = parent >= 0 && !posts.deleted.get(parent) ? parent : -1;
  const mentions = content.mentions.filter((m) => (net.accounts.flags[m]! & GONE) === 0);
  let likes = '';
  let reposts = '';
  let replies = '';
  for (let k = engagements.offsets[p]!; k < engagements.offsets[p + 1]!; k++) {
    const e = engagements.positions[k]!;
    const pair = '[' + events.actor.get(e) + ',' + (events.time.get(e) - at) + ']';
    const kind = events.kind.get(e);
    if (kind === EventKind.like) likes = likes ? likes + ',' + pair : pair;
    else if (kind === EventKind.repost) reposts = reposts ? reposts + ',' + pair : pair;
    else replies = replies ? replies + ',' + pair : pair;
  }
  let hashtags = '[';
  for (let h = 0; h < content.hashtags.length; h++) hashtags += (h ? ',' : '') + q(content.hashtags[h]!);
  return (
    '{"type":"post","n":' +
    p +
    ',"id":"' +
    postId(posts, p) +
    '","author":' +
    author +
    ',"at":"' +
    isoSeconds(at) +
    '","lang":' +
    LANG[net.accounts.language[author]!]! +
    ',"text":' +
    q(content.text) +
    ',"hashtags":' +
    hashtags +
    '],"mentions":[' +
    mentions.join(',') +
    '],"replyTo":' +
    (replyTo >= 0 ? replyTo : NULL) +
    ',"likes":' +
    posts.likes.get(p) +
    ',"reposts":' +
    posts.reposts.get(p) +
    ',"replies":' +
    posts.replies.get(p) +
    ',"likedBy":[' +
    likes +
    '],"repostedBy":[' +
    reposts +
    '],"repliedBy":[' +
    replies +
    ']}'
  );
}

/** JSON of ./records.ts followEventRecord, or '' for events that are not follows or unfollows. */
export function followEventJson(net: Network, e: number): string {
  const kind = net.events.kind.get(e);
  if (kind !== EventKind.follow && kind !== EventKind.unfollow) return '';
  return (
    (kind === EventKind.follow ? '{"type":"follow","at":' : '{"type":"unfollow","at":') +
    net.events.time.get(e) +
    ',"from":' +
    net.events.actor.get(e) +
    ',"to":' +
    net.events.target.get(e) +
    '}'
  );
}
