import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutGraph, nodeRadius } from './layout';
import { NetworkGraph } from './network-graph';
import { communityColour, OTHER_COLOUR } from './palette';

const nodes = [
  { handle: 'alice', name: 'Alice', community: 0, weight: 40 },
  { handle: 'bob', name: 'Bob', community: 0, weight: 10 },
  { handle: 'chika', name: 'Chika', community: 1, weight: 25 },
  { handle: 'dan', name: 'Dan', community: -1, weight: 1 },
];
const edges: [number, number][] = [
  [1, 0],
  [2, 0],
  [3, 2],
];

describe('NetworkGraph', () => {
  it('colours every account by its community, unlisted ones grey', () => {
    const { getByRole, container } = render(
      <NetworkGraph
        nodes={nodes}
        edges={edges}
        communityNames={['Anime', 'Tech']}
        label="Network"
        otherLabel="Other"
      />,
    );
    expect(getByRole('img', { name: 'Network' })).toBeTruthy();
    const fills = Object.fromEntries(
      [...container.querySelectorAll('circle')].map((c): [string, string | null] => [
        c.dataset.handle ?? '',
        c.getAttribute('fill'),
      ]),
    );
    expect(fills).toEqual({
      alice: communityColour(0),
      bob: communityColour(0),
      chika: communityColour(1),
      dan: OTHER_COLOUR,
    });
    expect(communityColour(0)).not.toBe(communityColour(1));
    expect(container.querySelectorAll('line')).toHaveLength(3);
    // The legend names the communities.
    expect(container.querySelector('figcaption')?.textContent).toContain('Anime');
    expect(container.querySelector('figcaption')?.textContent).toContain('Other');
  });

  it('settles and stops, inside the drawing, the same way every time', () => {
    const a = layoutGraph(nodes, edges, 800, 520);
    const b = layoutGraph(nodes, edges, 800, 520);
    expect(a.ticks).toBeGreaterThan(100);
    expect(a.ticks).toBeLessThan(600);
    expect(a.nodes).toEqual(b.nodes);
    for (const n of a.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.x).toBeLessThanOrEqual(800);
      expect(n.y).toBeGreaterThanOrEqual(0);
      expect(n.y).toBeLessThanOrEqual(520);
    }
    expect(nodeRadius(40, 40)).toBeGreaterThan(nodeRadius(1, 40));
  });
});
