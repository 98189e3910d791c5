import {
  createTheme,
  Alert,
  DEFAULT_THEME,
  Loader,
  defaultVariantColorsResolver,
  Menu,
  Notification,
  darken,
  parseThemeColor,
  Popover,
  type MantineColorsTuple,
} from '@mantine/core';
import { DROPDOWN_MIDDLEWARES } from './dropdown-position';

/**
 * WCAG AA (axe color-contrast): shade 9 is the text colour of light badges, buttons and
 * alerts, and of `c="teal.9"`-style text. Mantine's shade 9 of these hues is below 4.5:1 on their own
 * tint (teal 4.4, green 4.0, orange 3.8, lime 3.4, yellow 2.8; red 4.48 on a striped table row);
 * these darker ones reach 5:1 or more.
 */
const withDarkerText = (name: 'teal' | 'green' | 'orange' | 'lime' | 'yellow' | 'red', darkest: string) =>
  [...DEFAULT_THEME.colors[name].slice(0, 9), darkest] as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (axe color-contrast): white on indigo.6 is 4.1:1; indigo.8 is above 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  colors: {
    teal: withDarkerText('teal', '#0a6b4d'),
    green: withDarkerText('green', '#237032'),
    orange: withDarkerText('orange', '#b03a0c'),
    lime: withDarkerText('lime', '#466f0a'),
    yellow: withDarkerText('yellow', '#a35400'),
    red: withDarkerText('red', '#b32424'),
  },
  components: {
    // WCAG (axe aria-required-children, critical): a menu's hidden first-focus placeholder is
    // a div[tabindex] among its menuitems; without it a keyboard-opened menu focuses its first item.
    // SPEC §4: a menu opens and closes by click or by hover.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false, trigger: 'click-hover' } }),
    // SPEC §9: every dropdown (menus, selects, date pickers: all are Popovers) at most 600 px wide,
    // 16 px inside the window, upward only when 300 px are free above and not below.
    Popover: Popover.extend({ defaultProps: { middlewares: DROPDOWN_MIDDLEWARES } }),
    // SPEC §8: an error naming several fields puts each on its own line ("Name: ….\nCountry: …"):
    // alerts and toasts keep the message's line breaks.
    Alert: Alert.extend({ styles: { message: { whiteSpace: 'pre-line' } } }),
    Notification: Notification.extend({ styles: { description: { whiteSpace: 'pre-line' } } }),
    // WCAG (axe aria-prohibited-attr, serious): a loader is a span, which may not carry the
    // aria-label that names it ("Loading…") without a role; as a status it may, and is announced.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, sans-serif',
  headings: { fontWeight: '650' },
  // WCAG AA (axe color-contrast): the light variant's text (alerts' titles, light buttons,
  // badges) is shade 6 on a 10 % tint of it, about 3:1 for blue; shade 9 is above 4.5:1. The subtle
  // variant's text is the light one's colour on no tint: red's was 4.28:1 on the page's grey (a
  // creative's Delete); shade 9 is above 5:1 on it.
  //
  // A filled red button (Delete, Cancel at period end) is white on red.8, 4.51:1: a hair over 4.5,
  // and under it while a dialog fades in (axe read #fffefe on it, 4.48, in a CI run). It is filled
  // with shade 9 (#b32424, 6.6:1) instead.
  variantColorResolver: (input) => {
    const resolved = defaultVariantColorsResolver(input);
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    if (
      input.variant === 'filled' &&
      parsed.isThemeColor &&
      parsed.color === 'red' &&
      parsed.shade === undefined
    ) {
      const background = input.theme.colors.red[9];
      return { ...resolved, background, hover: darken(background, 0.1), color: 'var(--mantine-color-white)' };
    }
    if (input.variant !== 'light' && input.variant !== 'subtle') return resolved;
    return parsed.isThemeColor
      ? {
          ...resolved,
          color: `var(--mantine-color-${parsed.color}-9)`,
          hoverColor: `var(--mantine-color-${parsed.color}-9)`,
        }
      : resolved;
  },
});
