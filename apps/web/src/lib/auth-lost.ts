import { saveReturnPath } from './storage';

export interface AuthLostDeps {
  /** The flavour's sign-in page (dashboard /login, pro-targeting /, premium /authenticated). */
  loginPath: string;
  /** The router's navigate. */
  navigate: (path: string) => unknown;
  /** Where the browser is now. */
  location?: () => { pathname: string; search: string };
  /**
   * Whether the user is still signed in (the dashboard reloads the user first). A signed-in user
   * refused something is sent to login without a return path, so login sends them on to their team
   * instead of back to the page that refused them again.
   */
  stillSignedIn?: () => Promise<boolean>;
}

/**
 * SPEC §8 "403 elsewhere: redirect to login", for every flavour's query client (`onAuthLost`): remembers
 * where the user was (when it is worth coming back to) and sends the browser to the sign-in page.
 * Several failing calls at once redirect once; on the sign-in page itself nothing happens.
 */
export function createAuthLostHandler({
  loginPath,
  navigate,
  location = () => window.location,
  stillSignedIn = () => Promise.resolve(false),
}: AuthLostDeps): () => Promise<void> {
  let pending = false;
  return async () => {
    if (pending) return;
    const { pathname, search } = location();
    if (pathname === loginPath) return;
    pending = true;
    try {
      if (!(await stillSignedIn())) saveReturnPath(`${pathname}${search}`);
      await navigate(loginPath);
    } finally {
      pending = false;
    }
  };
}
