import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DtTableHeader, useDtSearch } from './table-header';

/** A table on page 3 with its header; shows the page and the search as asked. */
function Table() {
  const search = useDtSearch();
  return (
    <>
      <DtTableHeader search={search} count={12}>
        <button type="button" onClick={() => search.setPage(3)}>
          to page 3
        </button>
      </DtTableHeader>
      <output>{`page ${search.page}`}</output>
    </>
  );
}

describe('DtTableHeader', () => {
  it('shows the count and its control, and a new search goes back to the first page', () => {
    renderWithProviders(<Table />);
    expect(screen.getByText('to page 3')).toBeTruthy();
    expect(screen.getByText('12 accounts')).toBeTruthy();
    fireEvent.click(screen.getByText('to page 3'));
    expect(screen.getByText('page 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name or @handle'), { target: { value: 'news' } });
    expect(screen.getByLabelText<HTMLInputElement>('Search by name or @handle').value).toBe('news');
    expect(screen.getByText('page 1')).toBeTruthy();
  });
});
