import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PagePagination } from './page-pagination';

describe('PagePagination', () => {
  it('names its arrow buttons and its landmark (axe button-name), and moves between pages', async () => {
    const onChange = vi.fn();
    renderWithProviders(<PagePagination total={3} value={2} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });
});
