/** decodeURIComponent that answers undefined for malformed input (a stray `%`) instead of throwing. */
export function percentDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
