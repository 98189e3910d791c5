import { Paper, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { computeDropdownPlacement, DROPDOWN_MARGIN, type DropdownPlacement } from './dropdown-placement';

export interface DropdownProps {
  /** Content of the trigger button; it is also the button's accessible name. */
  label: ReactNode;
  /** 'hover' also opens on pointer hover; a click always toggles. */
  openOn?: 'click' | 'hover';
  children: ReactNode;
  /** Optional width of the panel; never more than the 600 px maximum. */
  width?: number;
}

const HOVER_CLOSE_DELAY_MS = 150;

/** SPEC §4: dropdowns open and close by click or hover and close on outside click. */
export function Dropdown({ label, openOn = 'click', children, width }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<DropdownPlacement | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const panelId = useId();

  const show = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    const rect = rootRef.current?.getBoundingClientRect();
    if (rect)
      setPlacement(computeDropdownPlacement(rect, { width: window.innerWidth, height: window.innerHeight }));
    setOpen(true);
  };
  const hide = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current !== null && !rootRef.current.contains(event.target as Node)) hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    },
    [],
  );

  const hoverHandlers =
    openOn === 'hover'
      ? {
          onMouseEnter: show,
          onMouseLeave: () => {
            closeTimer.current = setTimeout(hide, HOVER_CLOSE_DELAY_MS);
          },
        }
      : {};

  const maxWidth = placement?.maxWidth ?? 600;
  return (
    <div ref={rootRef} style={{ position: 'relative', display: 'inline-block' }} {...hoverHandlers}>
      <UnstyledButton
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? hide() : show())}
        px="xs"
        py={4}
      >
        {label}
      </UnstyledButton>
      {open && (
        <Paper
          id={panelId}
          shadow="md"
          withBorder
          p="sm"
          data-direction={placement?.direction ?? 'down'}
          style={{
            position: 'absolute',
            zIndex: 300,
            maxWidth,
            width: width !== undefined ? Math.min(width, maxWidth) : undefined,
            minWidth: Math.min(200, maxWidth),
            ...(placement?.direction === 'up' ? { bottom: '100%' } : { top: '100%' }),
            ...(placement?.align === 'end' ? { right: 0 } : { left: 0 }),
            margin: `${DROPDOWN_MARGIN / 4}px 0`,
          }}
        >
          {children}
        </Paper>
      )}
    </div>
  );
}
