// The header's menus, loaded after the first screen (see header.tsx).
export { LanguageMenu } from '@/components/language-menu';
export { HeaderDrawer } from './header-drawer';
export { TeamSwitcher } from './team-switcher';
export { UserMenu } from './user-menu';
