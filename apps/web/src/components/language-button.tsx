import { Box, Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';
import type { AppLanguage } from '../lib/i18n';

/** Names in their own language, so anyone can find theirs. */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = { en: 'English', ja: '日本語' };

function GlobeIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}

export type LanguageButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * The language menu's button: the interface language with a globe (the globe alone on a phone). Kept apart from the menu so that a
 * header can show it before the menu's code (popover, positioning) has loaded.
 */
export function LanguageButton(props: LanguageButtonProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Button
      variant="subtle"
      color="dark"
      size="compact-sm"
      aria-label={t('header.languageMenu', { language: LANGUAGE_NAMES[language] })}
      {...props}
    >
      <GlobeIcon />
      {/* On a phone the globe alone (its name says the language): the header has no room for more. */}
      <Box component="span" visibleFrom="sm" ml={6}>
        {LANGUAGE_NAMES[language]}
      </Box>
    </Button>
  );
}
