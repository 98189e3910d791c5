import type { PopoverProps } from '@mantine/core';

type PopoverMiddlewares = NonNullable<PopoverProps['middlewares']>;

/** SPEC §9: a dropdown panel is at most 600 px wide and keeps 16 px from the window's edges. */
export const DROPDOWN_MAX_WIDTH = 600;
export const DROPDOWN_MARGIN = 16;
/** SPEC §9: a dropdown assumes it needs 300 px; it opens upward only when that much is free above and not below. */
export const DROPDOWN_SPACE = 300;

type Side = 'top' | 'bottom' | 'left' | 'right';
type Rect = { x: number; y: number; width: number; height: number };

/** The part of floating-ui's middleware state the flip rule reads. */
export interface FlipState {
  placement: string;
  x: number;
  y: number;
  rects: { reference: Rect; floating: Rect };
}

/**
 * floating-ui `flip` options for the current placement: on the vertical axis, the padding makes the
 * panel "overflow" a side exactly when less than DROPDOWN_SPACE px (or its own height and the margin,
 * when it is taller) are free between the trigger and the window's edge on that side. flip then tries
 * the other side and, when that one lacks the space too, goes back to the initial placement (down);
 * the `size` middleware below then caps its height to what is left.
 */
export function dropdownFlipOptions({ placement, x, y, rects }: FlipState) {
  const side = placement.split('-')[0] as Side;
  const { reference, floating } = rects;
  // The gap between trigger and panel (the Popover's offset) on the side the panel is on.
  const gap =
    side === 'bottom'
      ? y - (reference.y + reference.height)
      : side === 'top'
        ? reference.y - (y + floating.height)
        : side === 'right'
          ? x - (reference.x + reference.width)
          : reference.x - (x + floating.width);
  const vertical = side === 'top' || side === 'bottom';
  const needed = Math.max(DROPDOWN_SPACE - gap - floating.height, DROPDOWN_MARGIN);
  return {
    padding: vertical
      ? { top: needed, bottom: needed, left: DROPDOWN_MARGIN, right: DROPDOWN_MARGIN }
      : DROPDOWN_MARGIN,
    // Sideways the panel is moved by `shift`, not flipped to another alignment.
    crossAxis: false,
    flipAlignment: false,
    fallbackStrategy: 'initialPlacement' as const,
  };
}

/**
 * The middlewares of every Popover (Menu, Combobox, Select, date pickers) through the theme: flip by
 * the SPEC §9 rule, shift to keep 16 px from the left and right edges, and a size limit of 600 px
 * wide (less on a narrow window) and the height left on the chosen side, scrolling beyond it.
 */
export const DROPDOWN_MIDDLEWARES: PopoverMiddlewares = {
  // floating-ui takes options derived from the middleware state; Mantine's type names only the plain
  // object, and passes whatever it is given on to floating-ui's flip().
  flip: dropdownFlipOptions as unknown as PopoverMiddlewares['flip'],
  shift: { padding: DROPDOWN_MARGIN },
  inline: false,
  size: {
    padding: DROPDOWN_MARGIN,
    apply({ availableWidth, availableHeight, elements }) {
      Object.assign(elements.floating.style, {
        maxWidth: `${Math.max(0, Math.min(DROPDOWN_MAX_WIDTH, availableWidth))}px`,
        maxHeight: `${Math.max(0, availableHeight)}px`,
        overflowY: 'auto',
      });
    },
  },
};
