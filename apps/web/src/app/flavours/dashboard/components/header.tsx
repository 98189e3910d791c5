import { Anchor, Burger, Button, Group } from '@mantine/core';
import type { User } from '@murmur/core/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageButton } from '@/components/language-button';
import { useSaveLanguage } from '@/features/account/hooks/use-save-language';
import type { AppLanguage } from '@/lib/i18n';
import { Optional, usePlaceholderPress, whenIdle } from '@/lib/deferred';
import { DrawerButton, TeamSwitcherButton, UserMenuButton } from './header-buttons';

// The menus (Mantine's Menu, with its popover, positioning and focus trap) are not needed to show the
// header: their buttons render at once and the menus' code loads when the browser is idle after the
// first screen, or at the first hover, focus or press. A click before then opens the menu once loaded
// (see usePlaceholderPress: a button's placeholder stays until its press's click).
const loadMenus = () => import('./header-menus');
type Menus = Awaited<ReturnType<typeof loadMenus>>;
let loadedMenus: Menus | undefined;
let loadingMenus: Promise<Menus> | undefined;
const requestMenus = (): Promise<Menus> =>
  (loadingMenus ??= loadMenus().then(
    (menus) => (loadedMenus = menus),
    (error: unknown) => {
      loadingMenus = undefined; // a later hover or click tries again
      throw error;
    },
  ));

type MenuName = 'language' | 'team' | 'user';

function useMenus() {
  const [menus, setMenus] = useState(loadedMenus);
  const [clicked, setClicked] = useState<MenuName | null>(null);
  useEffect(() => {
    if (menus !== undefined) return;
    let live = true;
    const load = () =>
      requestMenus().then(
        (loaded) => live && setMenus(loaded),
        (error: unknown) => console.error(error),
      );
    const cancel = whenIdle(() => void load());
    return () => {
      live = false;
      cancel();
    };
  }, [menus]);
  const request = useCallback(() => {
    requestMenus().then(setMenus, (error: unknown) => console.error(error));
  }, []);
  const { pressing, handlers } = usePlaceholderPress<MenuName>(request, setClicked);
  /** Props of a menu's button while the menu is loading or a press on it is under way. */
  const placeholder = (name: MenuName) => ({ ...handlers(name), onFocus: request });
  /** The menus, once loaded, for every button but one being pressed. */
  const loaded = (name: MenuName) => (pressing === name ? undefined : menus);
  return { menus, request, loaded, clicked, placeholder };
}

export interface HeaderProps {
  /** The signed-in user, or null for visitors. */
  user: User | null;
  teamSlug: string | undefined;
  /** Present when the layout has a navigation the burger toggles on small screens. */
  nav?: { opened: boolean; toggle: () => void };
}

/** Dashboard header: product, team switcher, interface language and the user's menu. */
export function Header({ user, teamSlug, nav }: HeaderProps) {
  const { t } = useTranslation();
  const { save } = useSaveLanguage();
  const { pathname } = useLocation();
  const { menus, request, loaded, clicked, placeholder } = useMenus();
  const [drawer, setDrawer] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The focus goes back to the burger when the drawer closes (Mantine's own return misses it when the
  // drawer's code arrived with the press that opened it: the drawer then mounts already open).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawer) burger.current?.focus();
    wasOpen.current = drawer;
  }, [drawer]);
  const onLanguage = (language: AppLanguage) => save(language, { signedIn: user !== null });
  const [teamMenu, languageMenu, userMenu] = [loaded('team'), loaded('language'), loaded('user')];
  const home = teamSlug !== undefined ? `/${teamSlug}/` : user !== null ? '/choose-team' : '/login';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      {/* miw 0: the team's button may shrink, so that a phone's header never runs off the screen. */}
      <Group gap="md" wrap="nowrap" miw={0}>
        {nav !== undefined && (
          <Burger
            opened={nav.opened}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('header.toggleNav')}
          />
        )}
        <Anchor component={Link} to={home} fw={800} fz="lg" underline="never" c="indigo.7">
          Murmur
        </Anchor>
        {user !== null &&
          (teamMenu === undefined ? (
            <TeamSwitcherButton user={user} currentSlug={teamSlug} {...placeholder('team')} />
          ) : (
            <Optional fallback={<TeamSwitcherButton user={user} currentSlug={teamSlug} />}>
              <teamMenu.TeamSwitcher user={user} currentSlug={teamSlug} defaultOpened={clicked === 'team'} />
            </Optional>
          ))}
      </Group>
      {/* On a phone the language and account menus move into a drawer: beside the team they ran off the
          screen. Its button is the user's avatar (a person's outline for visitors), not a second ☰ beside
          the navigation's, and its name says what it opens. */}
      <DrawerButton
        ref={burger}
        user={user}
        opened={drawer}
        onClick={() => {
          request();
          setDrawer((open) => !open);
        }}
        onPointerEnter={request}
      />
      {menus !== undefined && (
        <Optional>
          <menus.HeaderDrawer
            opened={drawer}
            onClose={() => setDrawer(false)}
            user={user}
            teamSlug={teamSlug}
            onLanguage={onLanguage}
          />
        </Optional>
      )}
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        {languageMenu === undefined ? (
          <LanguageButton {...placeholder('language')} />
        ) : (
          <Optional fallback={<LanguageButton />}>
            <languageMenu.LanguageMenu onChange={onLanguage} defaultOpened={clicked === 'language'} />
          </Optional>
        )}
        {user !== null ? (
          userMenu === undefined ? (
            <UserMenuButton user={user} {...placeholder('user')} />
          ) : (
            <Optional fallback={<UserMenuButton user={user} />}>
              <userMenu.UserMenu user={user} teamSlug={teamSlug} defaultOpened={clicked === 'user'} />
            </Optional>
          )
        ) : pathname.startsWith('/login') ? null : (
          <Button component={Link} to="/login" size="xs" variant="light">
            {t('header.signIn')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
