/**
 * The comparison key for a country's name: case, diacritics, punctuation and extra whitespace are
 * ignored ("  Côte d’Ivoire " → "cote divoire"), "&" reads "and", a leading "The" is dropped and
 * "St." reads "Saint". Full-width letters (typed with a Japanese IME) are folded to ASCII.
 */
export function countryKey(input: string): string {
  return (
    input
      .normalize('NFKC')
      // Strip Latin combining accents only; Japanese voiced marks must survive the round trip.
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/['’‘`.]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .replace(/^the /, '')
      .replace(/^st /, 'saint ')
  );
}
