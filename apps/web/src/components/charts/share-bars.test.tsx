import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareBars } from './share-bars';

const data = [
  { key: 'f', label: 'Female', count: 60, share: 0.6, populationShare: 0.5, affinity: 1.2 },
  { key: 'm', label: 'Male', count: 30, share: 0.3, populationShare: 0.45, affinity: 0.6667 },
];

describe('ShareBars', () => {
  it('shows each value with its share, affinity and a bar scaled to the largest share', () => {
    const { container } = render(
      <ShareBars data={data} caption="Gender" labelOf={(d) => d.label.toUpperCase()} />,
    );
    const table = screen.getByRole('table', { name: 'Gender' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['FEMALE60%1.2×', 'MALE30%0.67×']);
    const bars = [...container.querySelectorAll('svg rect:first-child')].map((r) =>
      Number(r.getAttribute('width')),
    );
    expect(bars).toEqual([100, 50]);
    // Over-represented values stand out from under-represented ones.
    const affinity = rows.map((r) => r.lastElementChild?.className ?? '');
    expect(affinity[0]).toMatch(/over/);
    expect(affinity[1]).toMatch(/under/);
  });

  it('stops at the limit', () => {
    render(<ShareBars data={data} caption="Gender" limit={1} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('shows the last part of a path first, the category muted after it, the full label to all', () => {
    render(
      <ShareBars
        caption="Interests"
        data={[
          {
            key: 'a',
            label: 'Hobbies and interests/Anime and manga',
            count: 1,
            share: 0.5,
            populationShare: 0.1,
            affinity: 5,
          },
        ]}
      />,
    );
    const cell = within(screen.getByRole('table')).getAllByRole('cell')[0]!;
    expect(cell.getAttribute('title')).toBe('Hobbies and interests/Anime and manga');
    const [full, leaf, category] = [...cell.children] as HTMLElement[];
    expect(full!.textContent).toBe('Hobbies and interests/Anime and manga');
    expect(leaf!.textContent).toBe('Anime and manga');
    expect(leaf!.getAttribute('aria-hidden')).toBe('true');
    expect(category!.textContent?.trim()).toBe('Hobbies and interests');
  });
});
