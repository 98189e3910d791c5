import cloud from 'd3-cloud';
import { useEffect, useMemo, useState } from 'react';
import { formatShare } from '../charts/format';
import { cloudWords, seededRandom, type CloudWord } from './words';

export interface WordCloudProps {
  words: readonly { label: string; share: number }[];
  /** Accessible name of the cloud. */
  label: string;
  width?: number;
  height?: number;
}

interface Placed extends CloudWord {
  x: number;
  y: number;
}

/**
 * Six colours, set per colour scheme in styles/global.css so that each reads at 4.5:1 or more
 * against the page (WCAG AA for the smallest words, and for the list shown until the layout is
 * done, at 60 % of the size).
 */
const COLOURS = Array.from({ length: 6 }, (_, i) => `var(--murmur-cloud-${i})`);

const fontFamily = (): string =>
  typeof window === 'undefined'
    ? 'sans-serif'
    : window.getComputedStyle(document.body).fontFamily || 'sans-serif';

/**
 * Words sized by share, laid out by d3-cloud (horizontal only, so Japanese stays readable). Until
 * the layout is done, or where no canvas can measure text, the words show as a wrapped list with
 * the same sizes.
 */
export function WordCloud({ words, label, width = 640, height = 320 }: WordCloudProps) {
  const input = useMemo(() => cloudWords(words), [words]);
  // The layout of the current input only: a layout of earlier words is never shown.
  const [layoutOf, setLayoutOf] = useState<{ input: CloudWord[]; placed: Placed[] } | null>(null);
  const placed = layoutOf?.input === input ? layoutOf.placed : null;

  useEffect(() => {
    if (input.length === 0) return;
    let layout: ReturnType<typeof cloud<CloudWord & { x?: number; y?: number }>> | undefined;
    try {
      layout = cloud<CloudWord & { x?: number; y?: number }>()
        .size([width, height])
        .words(input.map((w) => ({ ...w })))
        .padding(3)
        .rotate(0)
        .font(fontFamily())
        .fontWeight(600)
        .fontSize((d) => d.size)
        .random(seededRandom(7))
        .on('end', (tags) =>
          setLayoutOf({
            input,
            placed: tags.map((w) => ({
              text: w.text,
              size: w.size,
              share: w.share,
              x: w.x ?? 0,
              y: w.y ?? 0,
            })),
          }),
        );
      layout.start();
    } catch {
      // No canvas to measure text with: the list below stays.
    }
    return () => void layout?.stop();
  }, [input, width, height]);

  if (placed === null || placed.length === 0) {
    return (
      <ul
        aria-label={label}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2px 10px',
        }}
      >
        {input.map((w, i) => (
          <li
            key={w.text}
            style={{ fontSize: w.size * 0.6, fontWeight: 600, color: COLOURS[i % COLOURS.length] }}
          >
            {w.text}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <svg
      viewBox={`${-width / 2} ${-height / 2} ${width} ${height}`}
      role="img"
      aria-label={label}
      style={{ display: 'block', width: '100%', height: 'auto' }}
      data-testid="word-cloud"
    >
      {placed.map((w, i) => (
        <text
          key={w.text}
          x={w.x}
          y={w.y}
          textAnchor="middle"
          fontSize={w.size}
          fontWeight={600}
          fontFamily={fontFamily()}
          style={{ fill: COLOURS[i % COLOURS.length] }}
        >
          <title>{`${w.text}: ${formatShare(w.share)}`}</title>
          {w.text}
        </text>
      ))}
    </svg>
  );
}
