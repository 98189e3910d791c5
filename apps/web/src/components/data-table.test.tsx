import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DataTable, type DataTableColumn } from './data-table';
import classes from './data-table.module.css';

interface Row {
  id: number;
  name: string;
  size: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortValue: (row) => row.name },
  { key: 'size', header: 'Size', sortValue: (row) => row.size, align: 'right' },
];
const rows: Row[] = [
  { id: 1, name: 'Runners', size: 1200 },
  { id: 2, name: 'Chefs', size: 5000 },
  { id: 3, name: 'Bakers', size: 300 },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('sorts by a column, descending on the second click (leading-minus key)', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderWithProviders(
      <DataTable
        caption="Audiences"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        onSortChange={onSortChange}
      />,
    );
    expect(firstColumn()).toEqual(['Runners', 'Chefs', 'Bakers']);
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(firstColumn()).toEqual(['Bakers', 'Runners', 'Chefs']);
    expect(onSortChange).toHaveBeenLastCalledWith('size');
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(firstColumn()).toEqual(['Chefs', 'Runners', 'Bakers']);
    expect(onSortChange).toHaveBeenLastCalledWith('-size');
    expect(screen.getByRole('columnheader', { name: /Size/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('honours a default sort key', () => {
    renderWithProviders(
      <DataTable
        caption="Audiences"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        defaultSort="-name"
      />,
    );
    expect(firstColumn()).toEqual(['Runners', 'Chefs', 'Bakers']);
  });

  it('says "No results" when empty', () => {
    renderWithProviders(<DataTable caption="Audiences" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(screen.getByText('No results')).toBeTruthy();
  });

  it('offers "Show more results" only with a show-more handler', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(
      <DataTable caption="Audiences" columns={columns} rows={rows} rowKey={(r) => r.id} />,
    );
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
    const onShowMore = vi.fn();
    rerender(
      <DataTable
        caption="Audiences"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        onShowMore={onShowMore}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(onShowMore).toHaveBeenCalledTimes(1);
  });

  it('keeps a nowrap column’s header and cells on one line, and lets the others wrap', () => {
    renderWithProviders(
      <DataTable
        caption="Audiences"
        columns={[columns[0]!, { ...columns[1]!, nowrap: true }]}
        rows={rows}
        rowKey={(r) => r.id}
      />,
    );
    const [name, size] = screen.getAllByRole('columnheader');
    expect(size!.style.whiteSpace).toBe('nowrap');
    expect(name!.style.whiteSpace).toBe('');
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.style.whiteSpace)).toEqual(['', 'nowrap']);
    expect(cells[1]!.style.textAlign).toBe('right');
  });

  it('stacks on a phone, every table: its classes include the stacking one, and each cell names its column', () => {
    renderWithProviders(<DataTable caption="Audiences" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Audiences' });
    expect(table.classList).toContain(classes.stack);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Name', 'Size']);
  });
});
