import {
  forceCenter,
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
} from 'd3-force';
import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';

export interface GraphNodeInput {
  community: number;
  /** Drives the radius (followers among the core). */
  weight: number;
}

export interface PlacedNode {
  index: number;
  x: number;
  y: number;
  r: number;
}

interface SimNode extends SimulationNodeDatum {
  index: number;
  r: number;
  community: number;
}

/** Radius from weight: area grows with it, 3–14 px. */
export const nodeRadius = (weight: number, maxWeight: number): number =>
  3 + 11 * Math.sqrt(maxWeight > 0 ? Math.max(0, weight) / maxWeight : 0);

/**
 * Force layout of the graph (links, repulsion, collision, and a pull of each community towards its
 * own anchor so communities read as clusters), run until it settles and then stopped: no timer
 * keeps running and the same input always gives the same picture (d3-force's seeded randomness).
 */
export function layoutGraph(
  nodes: readonly GraphNodeInput[],
  edges: readonly (readonly [number, number])[],
  width: number,
  height: number,
): { nodes: PlacedNode[]; ticks: number } {
  const maxWeight = nodes.reduce((m, n) => Math.max(m, n.weight), 0);
  const sim: SimNode[] = nodes.map((n, index) => ({
    index,
    r: nodeRadius(n.weight, maxWeight),
    community: n.community,
  }));
  const links: SimulationLinkDatum<SimNode>[] = edges
    .filter(([a, b]) => a !== b && a < nodes.length && b < nodes.length)
    .map(([source, target]) => ({ source, target }));
  const communities = Math.max(1, ...nodes.map((n) => n.community + 1));
  // Anchors on an ellipse, one per community; unlisted accounts drift to the middle.
  const anchor = (c: number) => {
    if (c < 0) return { x: width / 2, y: height / 2 };
    const angle = (2 * Math.PI * c) / communities;
    return { x: width / 2 + width * 0.28 * Math.cos(angle), y: height / 2 + height * 0.28 * Math.sin(angle) };
  };
  const simulation = forceSimulation(sim)
    .force('link', forceLink(links).distance(40).strength(0.05))
    .force('charge', forceManyBody().strength(-50))
    .force(
      'collide',
      forceCollide<SimNode>((d) => d.r + 1.5),
    )
    .force('x', forceX<SimNode>((d) => anchor(d.community).x).strength(0.08))
    .force('y', forceY<SimNode>((d) => anchor(d.community).y).strength(0.08))
    .force('center', forceCenter(width / 2, height / 2))
    .stop();
  let ticks = 0;
  // Settled when alpha falls below alphaMin (about 300 ticks with the default decay).
  while (simulation.alpha() > simulation.alphaMin() && ticks < 600) {
    simulation.tick();
    ticks++;
  }
  // Fit the settled drawing to the box (same scale on both axes), so a tight cluster fills it.
  const pad = 24;
  const xs = sim.map((n) => n.x ?? width / 2);
  const ys = sim.map((n) => n.y ?? height / 2);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min(
    (width - 2 * pad) / Math.max(1, maxX - minX),
    (height - 2 * pad) / Math.max(1, maxY - minY),
    3,
  );
  const offsetX = (width - (maxX - minX) * scale) / 2;
  const offsetY = (height - (maxY - minY) * scale) / 2;
  return {
    ticks,
    nodes: sim.map((n, i) => ({
      index: n.index,
      r: n.r,
      x: nodes.length === 1 ? width / 2 : offsetX + (xs[i]! - minX) * scale,
      y: nodes.length === 1 ? height / 2 : offsetY + (ys[i]! - minY) * scale,
    })),
  };
}
