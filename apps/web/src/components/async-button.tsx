import { Button, type ButtonProps } from '@mantine/core';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type MouseEvent } from 'react';

export type AsyncButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'onClick'> & {
    /** May return a promise; the button shows a spinner and ignores clicks until it settles. */
    onClick: (event: MouseEvent<HTMLButtonElement>) => unknown;
  };

/** SPEC §4: async buttons show a spinner and ignore clicks until done. */
export function AsyncButton({ onClick, loading, ...rest }: AsyncButtonProps) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const handleClick = async (event: MouseEvent<HTMLButtonElement>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await onClick(event);
    } finally {
      busy.current = false;
      if (mounted.current) setPending(false);
    }
  };

  return (
    <Button
      {...rest}
      loading={pending || loading === true}
      aria-busy={pending || loading === true}
      onClick={(event) => void handleClick(event)}
    />
  );
}
