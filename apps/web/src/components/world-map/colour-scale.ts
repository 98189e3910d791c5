/** Colour of countries without members. */
export const EMPTY_COLOUR = '#eef1f4';

// Light to dark blue (the Mantine primary's family), chosen to stay distinct in greyscale prints.
const LIGHT: readonly [number, number, number] = [208, 230, 250];
const DARK: readonly [number, number, number] = [12, 70, 150];

const hex = (channels: readonly number[]): string =>
  `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * Choropleth colour of an audience share, relative to the largest country's share. A square-root
 * scale: one dominant country (an audience targeted at Japan) would otherwise leave every other
 * country the same pale shade.
 */
export const shareColour = (share: number, maxShare: number): string => {
  if (!(share > 0) || !(maxShare > 0)) return EMPTY_COLOUR;
  const t = Math.sqrt(Math.min(1, share / maxShare));
  return hex(LIGHT.map((light, i) => light + (DARK[i]! - light) * t));
};

/** Legend stops: the colours of 0, ¼, ½, ¾ and all of the largest share. */
export const legendStops = (maxShare: number): { share: number; colour: string }[] =>
  [0.0001, 0.25, 0.5, 0.75, 1].map((f) => ({
    share: f * maxShare,
    colour: shareColour(f * maxShare, maxShare),
  }));
