import { useMemo } from 'react';
import { layoutGraph } from './layout';
import { communityColour } from './palette';

export interface NetworkGraphNode {
  handle: string;
  name: string;
  community: number;
  weight: number;
}

export interface NetworkGraphProps {
  nodes: readonly NetworkGraphNode[];
  /** [follower, followed] as indexes into `nodes`. */
  edges: readonly (readonly [number, number])[];
  /** Community names by position, for tooltips and the legend. */
  communityNames: readonly string[];
  /** Accessible name of the drawing. */
  label: string;
  /** Name of the accounts outside the listed communities. */
  otherLabel: string;
  /** How many of the heaviest accounts get a visible handle. */
  labelled?: number;
}

const WIDTH = 800;
const HEIGHT = 520;

/** The audience's top accounts and who follows whom, coloured by community (d3-force layout, SVG). */
export function NetworkGraph({
  nodes,
  edges,
  communityNames,
  label,
  otherLabel,
  labelled = 12,
}: NetworkGraphProps) {
  const placed = useMemo(() => layoutGraph(nodes, edges, WIDTH, HEIGHT).nodes, [nodes, edges]);
  // The heaviest accounts get a handle, skipping any whose label would overlap one already placed.
  const named = useMemo(() => {
    const boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
    const chosen = new Set<number>();
    const order = nodes.map((n, i) => ({ i, w: n.weight })).sort((a, b) => b.w - a.w);
    for (const { i } of order) {
      if (chosen.size >= labelled) break;
      const p = placed[i];
      if (p === undefined) continue;
      const half = (nodes[i]!.handle.length + 1) * 3.4;
      const box = { x0: p.x - half, x1: p.x + half, y0: p.y - p.r - 15, y1: p.y - p.r - 1 };
      if (boxes.some((b) => box.x0 < b.x1 && b.x0 < box.x1 && box.y0 < b.y1 && b.y0 < box.y1)) continue;
      boxes.push(box);
      chosen.add(i);
    }
    return chosen;
  }, [nodes, placed, labelled]);
  const communityName = (c: number) => (c >= 0 ? (communityNames[c] ?? otherLabel) : otherLabel);
  const present = [...new Set(nodes.map((n) => n.community))].sort((a, b) =>
    a < 0 ? 1 : b < 0 ? -1 : a - b,
  );

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        style={{ display: 'block', width: '100%', height: 'auto' }}
        data-testid="network-graph"
      >
        <g stroke="#adb5bd" strokeOpacity={0.35} strokeWidth={0.6}>
          {edges.map(([a, b], i) => {
            const from = placed[a];
            const to = placed[b];
            return from && to ? <line key={i} x1={from.x} y1={from.y} x2={to.x} y2={to.y} /> : null;
          })}
        </g>
        <g>
          {placed.map((p) => {
            const node = nodes[p.index]!;
            return (
              <circle
                key={p.index}
                cx={p.x}
                cy={p.y}
                r={p.r}
                fill={communityColour(node.community)}
                stroke="#ffffff"
                strokeWidth={1}
                data-community={node.community}
                data-handle={node.handle}
              >
                <title>{`@${node.handle} · ${communityName(node.community)}`}</title>
              </circle>
            );
          })}
        </g>
        <g fontSize={11} fill="#212529" style={{ pointerEvents: 'none' }}>
          {placed
            .filter((p) => named.has(p.index))
            .map((p) => (
              <text
                key={p.index}
                x={p.x}
                y={p.y - p.r - 3}
                textAnchor="middle"
                paintOrder="stroke"
                stroke="#ffffff"
                strokeWidth={3}
              >
                @{nodes[p.index]!.handle}
              </text>
            ))}
        </g>
      </svg>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 14px', fontSize: 12, marginTop: 6 }}>
        {present.map((c) => (
          <span key={c} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <span
              aria-hidden="true"
              style={{
                width: 10,
                height: 10,
                borderRadius: 5,
                background: communityColour(c),
                display: 'inline-block',
              }}
            />
            {communityName(c)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
