import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';
import type { AppLanguage } from '../lib/i18n';

export interface LanguageMenuProps {
  onChange: (language: AppLanguage) => unknown;
}

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
      style={{ marginRight: 6 }}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </svg>
  );
}

/** Header control that shows the interface language and switches it. */
export function LanguageMenu({ onChange }: LanguageMenuProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          aria-label={t('header.languageMenu', { language: LANGUAGE_NAMES[language] })}
        >
          <GlobeIcon />
          {LANGUAGE_NAMES[language]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(LANGUAGE_NAMES) as AppLanguage[]).map((value) => (
          <Menu.Item
            key={value}
            lang={value}
            onClick={() => void onChange(value)}
            aria-current={value === language ? 'true' : undefined}
            fw={value === language ? 700 : undefined}
          >
            {LANGUAGE_NAMES[value]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
