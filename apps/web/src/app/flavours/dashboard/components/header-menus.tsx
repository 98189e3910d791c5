// The header's menus, loaded after the first screen (see header.tsx).
export { LanguageMenu } from '@/components/language-menu';
export { TeamSwitcher } from './team-switcher';
export { UserMenu } from './user-menu';
