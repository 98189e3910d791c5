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
});
