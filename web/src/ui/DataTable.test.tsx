import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.tsx';

interface Row {
  id: number;
  name: string;
}

const rows = (count: number, from = 1): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Строка ${from + index}` }));
const columns = [{ key: 'name', title: 'Название', dataIndex: 'name', sorter: true }];
const pager = () => document.querySelector('.ant-pagination');

describe('DataTable', () => {
  it('shows no pager on a single page, and the pager once the server has a second page', () => {
    const onPage = vi.fn();
    const { rerender } = render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        rows={rows(3)}
        paging={{ page: 1, pageSize: 10, total: 3, onPage }}
      />,
    );
    expect(pager()).toBeNull();
    rerender(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        rows={rows(10)}
        paging={{ page: 1, pageSize: 10, total: 25, onPage }}
      />,
    );
    fireEvent.click(screen.getByTitle('2'));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('keeps the pager with «Всего N» on the big lists', () => {
    render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        rows={rows(3)}
        paging={{ page: 1, pageSize: 10, total: 3, onPage: () => undefined, withTotal: true }}
      />,
    );
    expect(screen.getByText('Всего 3')).toBeTruthy();
  });

  it('pages a complete list in the browser only when it is longer than a page', () => {
    const { rerender } = render(
      <DataTable<Row> rowKey="id" columns={columns} rows={rows(5)} clientPageSize={5} />,
    );
    expect(pager()).toBeNull();
    rerender(<DataTable<Row> rowKey="id" columns={columns} rows={rows(7)} clientPageSize={5} />);
    expect(screen.queryByText('Строка 6')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByText('Строка 6')).toBeTruthy();
  });

  it('keeps the rows on screen while loading and shows the empty text only once answered', () => {
    const { rerender } = render(
      <DataTable<Row> rowKey="id" columns={columns} rows={rows(2)} loading empty="Ничего не найдено" />,
    );
    expect(screen.getByText('Строка 1')).toBeTruthy();
    rerender(<DataTable<Row> rowKey="id" columns={columns} rows={[]} loading empty="Ничего не найдено" />);
    expect(screen.queryByText('Ничего не найдено')).toBeNull();
    rerender(<DataTable<Row> rowKey="id" columns={columns} rows={[]} empty="Ничего не найдено" />);
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
  });

  it('reports a header click as the column and its order', () => {
    const onSort = vi.fn();
    render(<DataTable<Row> rowKey="id" columns={columns} rows={rows(2)} onSort={onSort} />);
    fireEvent.click(screen.getByText('Название'));
    expect(onSort).toHaveBeenCalledWith('name', 'ascend');
  });
});
