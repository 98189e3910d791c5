import { Menu } from '@mantine/core';
import { useLanguage } from '../hooks/use-language';
import type { AppLanguage } from '../lib/i18n';
import { LANGUAGE_NAMES, LanguageButton } from './language-button';

export { LANGUAGE_NAMES } from './language-button';

export interface LanguageMenuProps {
  onChange: (language: AppLanguage) => unknown;
  /** Open from the start (a header that deferred the menu's code opens it once loaded). */
  defaultOpened?: boolean;
}

/** Header control that shows the interface language and switches it. */
export function LanguageMenu({ onChange, defaultOpened }: LanguageMenuProps) {
  const language = useLanguage();
  // SPEC §4: dropdowns open by click or hover. Mantine's click-hover: a hover opens the menu and the
  // pointer leaving closes it, unless a click opened it; an outside click and Escape close it.
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton />
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
