import { Center, Loader, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** Panels two to a row on wide screens, one on narrow ones. */
export function PanelGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}

/**
 * Suspense fallback of a lazily loaded drawing. `data-panel-pending` tells "export all" to wait
 * until it is replaced by the drawing.
 */
export function DrawingLoader({ label }: { label: string }) {
  return (
    <Center mih={200} data-panel-pending="">
      <Loader role="status" size="sm" aria-label={label} />
    </Center>
  );
}
