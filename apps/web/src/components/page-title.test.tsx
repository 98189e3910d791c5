import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductNameContext, usePageTitle } from './page-title';

function Page({ name }: { name?: string }) {
  usePageTitle(name);
  return null;
}

const titleOf = (product: string, page?: string) => {
  render(
    <ProductNameContext.Provider value={product}>
      <Page name={page} />
    </ProductNameContext.Provider>,
  );
  return document.title;
};

describe('usePageTitle (SPEC §2 browser titles)', () => {
  it('names the page, then the product', () => {
    expect(titleOf('Deep Thought', 'Followers')).toBe('Followers · Deep Thought');
    expect(titleOf('Targeting Toolkit')).toBe('Targeting Toolkit');
  });

  it('says the product once when the page is named after it (premium root; deviation 13)', () => {
    expect(titleOf('Deep Thought', 'Deep Thought')).toBe('Deep Thought');
  });
});
