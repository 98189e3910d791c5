/**
 * Whether the app runs inside the browser extension's frame: the extension embeds the web app in an
 * iframe (its side panel / popup), so the page is framed by a chrome-extension:// origin.
 */
export const isInsideExtension = (win: Window = window): boolean => {
  try {
    const origins = win.location.ancestorOrigins as DOMStringList | undefined;
    if (
      origins !== undefined &&
      Array.from(origins).some((origin) => origin.startsWith('chrome-extension://'))
    )
      return true;
  } catch {
    // ancestorOrigins is Chromium-only; fall through.
  }
  return win.self !== win.top && win.document.referrer.startsWith('chrome-extension://');
};
