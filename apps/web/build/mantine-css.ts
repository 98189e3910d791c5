// Mantine's CSS by component, following the JavaScript: every component module of @mantine/core
// imports its class names from `X.module.css.mjs`; this plugin makes that module import Mantine's own
// `styles/X.css` too, so each chunk carries the CSS of exactly the components its code uses (the
// login page does not download the styles of tables, drawers and date pickers; a lazy screen brings
// its own). The global styles (baseline, CSS variables, global) are imported once in providers.tsx.
import type { Plugin } from 'vite';

const CLASS_MODULE = /\/@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.css\.mjs$/;

export const mantineCssByComponent = (): Plugin => ({
  name: 'murmur-mantine-css-by-component',
  enforce: 'pre',
  transform(code, id) {
    const match = CLASS_MODULE.exec(id.split('?')[0]!);
    if (match === null) return null;
    return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
  },
});
