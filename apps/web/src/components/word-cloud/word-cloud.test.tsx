import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WordCloud } from './word-cloud';

describe('WordCloud', () => {
  it('shows the words largest first when no canvas can lay them out', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <WordCloud
        label="Words in bio"
        words={[
          { label: 'music', share: 0.05 },
          { label: 'アニメ', share: 0.2 },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Words in bio' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['アニメ', 'music']);
    expect(parseFloat(items[0]!.style.fontSize)).toBeGreaterThan(parseFloat(items[1]!.style.fontSize));
  });

  it('draws every word in a colour of 4.5:1 or more against the page, in both colour schemes', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const words = Array.from({ length: 8 }, (_, i) => ({ label: `w${i}`, share: 0.1 - i / 100 }));
    render(<WordCloud label="Words" words={words} />);
    const used = within(screen.getByRole('list', { name: 'Words' }))
      .getAllByRole('listitem')
      .map((item) => /^var\((--[\w-]+)\)$/.exec(item.style.color)?.[1]);
    expect(new Set(used).size).toBe(6);
    const css = readFileSync(join(__dirname, '../../styles/global.css'), 'utf8');
    const block = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split('}')[0]!;
    // WCAG's relative luminance and contrast ratio.
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => {
        const c = parseInt(hex.slice(at, at + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    // White; Mantine's dark body (dark.7) and cards (dark.6).
    for (const [selector, pages] of [
      [':root', ['#ffffff']],
      [":root[data-mantine-color-scheme='dark']", ['#242424', '#2e2e2e']],
    ] as const)
      for (const name of used) {
        const colour = new RegExp(`${name}: (#[0-9a-f]{6});`).exec(block(selector))?.[1];
        expect(colour, `${name} in ${selector}`).toBeDefined();
        for (const page of pages) expect(contrast(colour!, page)).toBeGreaterThanOrEqual(4.5);
      }
  });
});
