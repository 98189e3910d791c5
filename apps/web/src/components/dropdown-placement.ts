/** SPEC §9: dropdown panels are at most 600 px wide, keep 16 px from the window edge, and open upward
 * when less than 300 px are left below the trigger. */
export const DROPDOWN_MAX_WIDTH = 600;
export const DROPDOWN_MARGIN = 16;
export const DROPDOWN_SPACE_BELOW = 300;

export interface DropdownPlacement {
  direction: 'down' | 'up';
  maxWidth: number;
  /** Horizontal alignment with the trigger so the panel stays inside the window. */
  align: 'start' | 'end';
}

export const computeDropdownPlacement = (
  trigger: { top: number; bottom: number; left: number; right: number },
  viewport: { width: number; height: number },
): DropdownPlacement => {
  const spaceBelow = viewport.height - trigger.bottom;
  const maxWidth = Math.max(0, Math.min(DROPDOWN_MAX_WIDTH, viewport.width - 2 * DROPDOWN_MARGIN));
  const overflowsRight = trigger.left + maxWidth > viewport.width - DROPDOWN_MARGIN;
  return {
    direction: spaceBelow < DROPDOWN_SPACE_BELOW && trigger.top > spaceBelow ? 'up' : 'down',
    maxWidth,
    align: overflowsRight && trigger.right - maxWidth >= DROPDOWN_MARGIN ? 'end' : 'start',
  };
};
