import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { clearAppStorage } from '@/lib/storage';

/** POST /api/user/delete-account/ {email} — deletes my account (the rules: docs/API.md). */
export const deleteAccount = async (email: string): Promise<void> => {
  await request.post('/api/user/delete-account/', { body: { email } });
};

/** After the account (or every credential) is gone, the browser forgets it and goes to the login page. */
export const leaveSignedOut = (): void => {
  clearAppStorage({ keepLanguage: true });
  window.location.assign('/login');
};

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount, onSuccess: leaveSignedOut });
