import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { useMemo } from 'react';
import { formatShare } from '../charts/format';
import { legendStops, shareColour } from './colour-scale';
import classes from './world-map.module.css';
import { countryShapes } from './world-shapes';

export interface WorldMapProps {
  /** Audience share per ISO 3166-1 alpha-2 code. */
  shares: readonly { key: string; share: number }[];
  /** Accessible name of the map. */
  label: string;
  /** Country name in the interface language (the atlas's English name otherwise). */
  nameOf?: (code: string) => string | undefined;
  /** Legend texts. */
  legendLow: string;
  legendHigh: string;
}

const WIDTH = 960;
const HEIGHT = 470;

/** A choropleth of the audience by country (d3-geo, Natural Earth projection, plain SVG paths). */
export function WorldMap({ shares, label, nameOf, legendLow, legendHigh }: WorldMapProps) {
  const byCode = useMemo(() => new Map(shares.map((s) => [s.key.toUpperCase(), s.share])), [shares]);
  const max = useMemo(() => shares.reduce((m, s) => Math.max(m, s.share), 0), [shares]);
  const paths = useMemo(() => {
    const shapes = countryShapes();
    const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], {
      type: 'FeatureCollection',
      features: shapes.map((s) => s.geometry as GeoJSON.Feature),
    });
    const path = geoPath(projection);
    return shapes.map((s, i) => ({ ...s, id: i, d: path(s.geometry) ?? '' }));
  }, []);

  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={classes.map}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        data-testid="world-map"
      >
        {paths.map((p) => {
          const share = p.code === null ? 0 : (byCode.get(p.code) ?? 0);
          const name = (p.code === null ? undefined : nameOf?.(p.code)) ?? p.name;
          return (
            <path
              key={p.id}
              d={p.d}
              className={classes.country}
              fill={shareColour(share, max)}
              data-code={p.code ?? undefined}
            >
              <title>{share > 0 ? `${name}: ${formatShare(share)}` : name}</title>
            </path>
          );
        })}
      </svg>
      <figcaption className={classes.legend} aria-hidden="true">
        <span>{legendLow}</span>
        <span className={classes.ramp}>
          {legendStops(max).map((stop) => (
            <span key={stop.share} style={{ background: stop.colour }} />
          ))}
        </span>
        <span>
          {legendHigh} {max > 0 ? `(${formatShare(max)})` : ''}
        </span>
      </figcaption>
    </figure>
  );
}
