/**
 * Function words that carry no targeting meaning. English is the population's main language; the
 * few Romance and German words are the ones frequent enough to flood "words in bio" otherwise.
 * Keyword queries drop them too, so "love of jazz" matches what "jazz" matches.
 */
// prettier-ignore
export const STOPWORDS: ReadonlySet<string> = new Set([
  'a', 'about', 'all', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'but', 'by', 'can',
  'did', 'do', 'for', 'from', 'get', 'got', 'had', 'has', 'have', 'he', 'her', 'here', 'him', 'his',
  'how', 'i', 'if', 'im', 'in', 'into', 'is', 'it', 'its', 'just', 'me', 'more', 'my', 'no', 'not',
  'now', 'of', 'on', 'one', 'or', 'our', 'out', 'she', 'so', 'some', 'than', 'that', 'the', 'their',
  'them', 'then', 'there', 'they', 'this', 'to', 'too', 'up', 'us', 'was', 'we', 'were', 'what',
  'when', 'who', 'will', 'with', 'you', 'your', 'de', 'la', 'le', 'les', 'el', 'los', 'las', 'en',
  'et', 'y', 'e', 'o', 'da', 'do', 'des', 'du', 'un', 'una', 'um', 'uma', 'con', 'com', 'por',
  'para', 'und', 'der', 'die', 'das', 'ich', 'mit', 've', 'bir', 'yang', 'di', 'dan',
]);
