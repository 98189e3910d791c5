import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_COLOUR, shareColour } from './colour-scale';
import { WorldMap } from './world-map';

describe('WorldMap', () => {
  it('colours countries by audience share, the largest darkest, others empty', () => {
    const { container } = render(
      <WorldMap
        shares={[
          { key: 'JP', share: 0.6 },
          { key: 'us', share: 0.1 },
        ]}
        label="Audience by country"
        nameOf={(code) => (code === 'JP' ? '日本' : undefined)}
        legendLow="Fewer"
        legendHigh="More"
      />,
    );
    expect(screen.getByRole('img', { name: 'Audience by country' })).toBeTruthy();
    const fill = (code: string) => container.querySelector(`path[data-code="${code}"]`)?.getAttribute('fill');
    expect(fill('JP')).toBe(shareColour(0.6, 0.6));
    expect(fill('US')).toBe(shareColour(0.1, 0.6));
    expect(fill('FR')).toBe(EMPTY_COLOUR);
    expect(container.querySelector('path[data-code="JP"] title')?.textContent).toBe('日本: 60%');
    // Antarctica is left out; every other shape is drawn.
    expect(container.querySelector('path[data-code="AQ"]')).toBeNull();
    expect(container.querySelectorAll('path').length).toBeGreaterThan(170);
  });
});
