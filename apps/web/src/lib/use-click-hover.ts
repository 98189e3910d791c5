import { useEffect, useRef, useState } from 'react';

/** How long a panel opened by hover stays after the pointer leaves (Mantine Menu's closeDelay). */
const CLOSE_DELAY_MS = 100;

/**
 * SPEC §4 for a Popover: it opens by click or hover, as the theme makes every Menu do (Mantine's
 * 'click-hover'). A hover opens the panel and leaving closes it, unless a click opened it or was made
 * while it was open: then it stays until a click on its button, outside it, or Escape.
 */
export function useClickHover() {
  const [opened, setOpened] = useState(false);
  const pinned = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  useEffect(() => cancelClose, []);

  const hover = {
    onMouseEnter: () => {
      cancelClose();
      setOpened(true);
    },
    onMouseLeave: () => {
      if (pinned.current) return;
      cancelClose();
      closeTimer.current = setTimeout(() => setOpened(false), CLOSE_DELAY_MS);
    },
  };
  return {
    /** For the Popover, controlled: it reports an outside click and Escape. */
    popoverProps: {
      opened,
      onChange: (next: boolean) => {
        if (!next) pinned.current = false;
        setOpened(next);
      },
    },
    /** For the Popover.Target's child (a controlled Popover leaves its clicks to it). */
    targetProps: {
      ...hover,
      onClick: () => {
        cancelClose();
        // Pinned open: the click closes it. Closed, or open by hover: the click opens and pins it.
        const close = opened && pinned.current;
        pinned.current = !close;
        setOpened(!close);
      },
    },
    dropdownProps: hover,
  };
}
