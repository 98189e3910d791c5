import { createTheme, defaultVariantColorsResolver, parseThemeColor } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (axe color-contrast, issue 16): white on indigo.6 is 4.1:1; indigo.8 is above 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, sans-serif',
  headings: { fontWeight: '650' },
  // WCAG AA (axe color-contrast, issue 16): the light variant's text (alerts' titles, light buttons,
  // badges) is shade 6 on a 10 % tint of it, about 3:1 for blue; shade 9 is above 4.5:1.
  variantColorResolver: (input) => {
    const resolved = defaultVariantColorsResolver(input);
    if (input.variant !== 'light') return resolved;
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    return parsed.isThemeColor
      ? {
          ...resolved,
          color: `var(--mantine-color-${parsed.color}-9)`,
          hoverColor: `var(--mantine-color-${parsed.color}-9)`,
        }
      : resolved;
  },
});
