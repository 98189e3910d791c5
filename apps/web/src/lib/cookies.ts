/** Reads one cookie of the page (e.g. the `csrftoken` the server sets on sign-in). */
export const readCookie = (name: string, cookieString: string = document.cookie): string | null => {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
};
