/**
 * SPEC §5: field names default to the key with underscores as spaces and a capital first letter:
 * "first_name" → "First name". Runs of underscores count as one space; ends are trimmed.
 */
export function fieldLabel(key: string): string {
  const words = key.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
