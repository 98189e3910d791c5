import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { clearAppStorage } from '@/lib/storage';

/** GET /rest-auth/logout/ — ends the session on the server. */
export const logout = (): Promise<unknown> => request.get('/rest-auth/logout/');

/** SPEC §4: logout calls the server, clears storage and reloads (here: onto the login page). */
export const signOut = async (target = '/login'): Promise<void> => {
  try {
    await logout();
  } catch {
    // Signed out already, or offline: the local session is cleared either way.
  }
  clearAppStorage({ keepLanguage: true });
  window.location.assign(target);
};

export const useSignOut = () => useMutation({ mutationFn: signOut });
