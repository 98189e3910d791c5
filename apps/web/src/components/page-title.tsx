import { Stack, Text, Title } from '@mantine/core';
import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** SPEC §2: the browser title is the product name, Targeting Toolkit or Deep Thought by layout. */
export const ProductNameContext = createContext('Murmur');

/**
 * Sets the browser title to "<page> · <product>" while mounted, or the product alone when there is no
 * page name or the page is named after the product (the premium root: "Deep Thought", not twice).
 */
export const usePageTitle = (page?: string): void => {
  const product = useContext(ProductNameContext);
  useEffect(() => {
    document.title = page !== undefined && page !== '' && page !== product ? `${page} · ${product}` : product;
  }, [page, product]);
};

export interface PageHeaderProps {
  title: ReactNode;
  intro: ReactNode;
}

/** A screen's heading (the page's one h1) and its dimmed introduction line. */
export function PageHeader({ title, intro }: PageHeaderProps) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {/* A paragraph for a sentence; a block when the introduction holds blocks (a badge and its line):
          a <div> inside a <p> is invalid HTML, and React warns about it. */}
      <Text size="sm" c="dimmed" component={typeof intro === 'string' ? 'p' : 'div'}>
        {intro}
      </Text>
    </Stack>
  );
}
