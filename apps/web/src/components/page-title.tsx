import { createContext, useContext, useEffect } from 'react';

/** SPEC §2: the browser title is the product name, Targeting Toolkit or Deep Thought by layout. */
export const ProductNameContext = createContext('Murmur');

/** Sets the browser title to "<page> · <product>" (or the product alone) while mounted. */
export const usePageTitle = (page?: string): void => {
  const product = useContext(ProductNameContext);
  useEffect(() => {
    document.title = page !== undefined && page !== '' ? `${page} · ${product}` : product;
  }, [page, product]);
};
