import { useCallback, useEffect, useState } from 'react';
import { Optional, usePlaceholderPress, whenIdle } from '@/lib/deferred';
import { ActionsButton } from './actions-button';
import type { AudienceRowMenuProps } from './audience-row-menu';

// The row-actions menu (Mantine's Menu, with its popover, positioning and focus trap) is not needed to
// show the list: each row's "⋯" button renders at once and the menu's code loads when the browser is
// idle after the first screen, or at the first hover, focus or press of a button. A click before then
// opens the menu once loaded (see usePlaceholderPress: the placeholder stays until a press's click).
const loadMenu = () => import('./audience-row-menu');
type MenuModule = Awaited<ReturnType<typeof loadMenu>>;
let loadedMenu: MenuModule | undefined;
let loadingMenu: Promise<MenuModule> | undefined;
const requestMenu = (): Promise<MenuModule> =>
  (loadingMenu ??= loadMenu().then(
    (module) => (loadedMenu = module),
    (error: unknown) => {
      loadingMenu = undefined; // a later hover or click tries again
      throw error;
    },
  ));

export type AudienceRowActionsProps = Omit<AudienceRowMenuProps, 'defaultOpened' | 'autoFocus'>;

/** The actions of one saved audience: insights, share, download, compare, delete. */
export function AudienceRowActions(props: AudienceRowActionsProps) {
  const [menu, setMenu] = useState(loadedMenu);
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (menu !== undefined) return;
    let live = true;
    const cancel = whenIdle(
      () =>
        void requestMenu().then(
          (loaded) => live && setMenu(loaded),
          (error: unknown) => console.error(error),
        ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [menu]);
  const request = useCallback(() => {
    requestMenu().then(setMenu, (error: unknown) => console.error(error));
  }, []);
  const { pressing, handlers } = usePlaceholderPress(request, () => setClicked(true));

  const placeholder = (
    <ActionsButton
      name={props.audience.name}
      aria-haspopup="menu"
      aria-expanded={false}
      {...handlers('menu')}
      onFocus={() => {
        setFocused(true);
        request();
      }}
      onBlur={() => setFocused(false)}
    />
  );
  if (menu === undefined || pressing !== null) return placeholder;
  return (
    <Optional fallback={<ActionsButton name={props.audience.name} />}>
      <menu.AudienceRowMenu {...props} defaultOpened={clicked} autoFocus={focused} />
    </Optional>
  );
}
