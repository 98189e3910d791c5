// Ten distinguishable hues (Tableau 10), one per listed community (the engine lists at most 10).
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
] as const;

/** Accounts whose community is not listed (community -1). */
export const OTHER_COLOUR = '#ced4da';

/** The colour of a community by its position in the communities panel. */
export const communityColour = (community: number): string =>
  community >= 0 ? PALETTE[community % PALETTE.length]! : OTHER_COLOUR;
