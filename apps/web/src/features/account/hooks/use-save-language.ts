import { useCallback } from 'react';
import { applyLanguage, type AppLanguage } from '@/lib/i18n';
import { useUpdateMe } from '../api/update-me';

/**
 * Switches the interface language at once and saves it to the user's profile. SPEC §8: failing to
 * save the language only logs a warning — the interface keeps the chosen language.
 */
export const useSaveLanguage = () => {
  const update = useUpdateMe();
  const { mutateAsync } = update;
  const save = useCallback(
    async (language: AppLanguage, options: { signedIn: boolean }) => {
      await applyLanguage(language);
      if (!options.signedIn) return;
      try {
        await mutateAsync({ language });
      } catch (error) {
        console.warn('Could not save the interface language', error);
      }
    },
    [mutateAsync],
  );
  return { save, isPending: update.isPending };
};
