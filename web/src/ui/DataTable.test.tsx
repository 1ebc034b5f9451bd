import { fireEvent, render, screen, within } from '@testing-library/react';
import { Tooltip } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hiddenColumnsKey } from '../lib/hidden-columns.ts';
import { renderWithUser } from '../test/render-with-user.tsx';
import { buildUser } from '../test/users.ts';
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

describe('DataTable column chooser', () => {
  interface Wide {
    id: number;
    name: string;
    views: number;
    si: number;
  }
  const wideRows: Wide[] = [{ id: 1, name: 'ЖКХ и тарифы', views: 420, si: 1450 }];
  const wideColumns = [
    { key: 'name', title: 'Тема', dataIndex: 'name', width: 280 },
    { key: 'views', title: 'Просмотры', dataIndex: 'views', width: 140 },
    { key: 'si', title: <Tooltip title="Суммарный индекс">SI</Tooltip>, dataIndex: 'si', width: 140 },
  ];
  const table = (user = buildUser({ id: 7 })) =>
    renderWithUser(
      <DataTable<Wide>
        rowKey="id"
        columns={wideColumns}
        rows={wideRows}
        scroll={{ x: 2000 }}
        columnChooser={{ table: 'themes' }}
      />,
      { user },
    );
  const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
  const tableWidth = () =>
    (document.querySelector('.ant-table-content table, .ant-table-body table') as HTMLElement | null)?.style
      .width;

  afterEach(() => localStorage.clear());

  it('pins the first column on the left and scrolls the width of the shown columns', async () => {
    table();
    await screen.findByText('ЖКХ и тарифы');
    const first = screen.getByText('ЖКХ и тарифы').closest('td');
    expect(first?.className).toContain('ant-table-cell-fix');
    expect(screen.getByText('420').closest('td')?.className).not.toContain('ant-table-cell-fix');
    expect(tableWidth()).toBe('560px');
  });

  it('hides the columns the user unticks, remembers them per user, and shows them all again', async () => {
    table();
    fireEvent.click(await screen.findByRole('button', { name: /Столбцы/ }));
    const group = await screen.findByRole('group', { name: 'Показываемые столбцы' });
    // The pinned first column cannot be hidden; a column titled by an element is offered by its text.
    expect(within(group).queryByLabelText('Тема')).toBeNull();
    fireEvent.click(within(group).getByLabelText('SI'));
    expect(headers()).toEqual(['Тема', 'Просмотры']);
    expect(tableWidth()).toBe('420px');
    expect(JSON.parse(localStorage.getItem(hiddenColumnsKey('themes', 7)) ?? '[]')).toEqual(['si']);
    expect(screen.getByRole('button', { name: /Столбцы \(скрыто: 1\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать все' }));
    expect(headers()).toEqual(['Тема', 'Просмотры', 'SI']);
    expect(localStorage.getItem(hiddenColumnsKey('themes', 7))).toBeNull();
  });

  it('reads the choice of the user who is logged in', async () => {
    localStorage.setItem(hiddenColumnsKey('themes', 7), JSON.stringify(['views']));
    table();
    await screen.findByText('ЖКХ и тарифы');
    expect(headers()).toEqual(['Тема', 'SI']);
    localStorage.clear();
    localStorage.setItem(hiddenColumnsKey('themes', 8), JSON.stringify(['views']));
    document.body.innerHTML = '';
    table(buildUser({ id: 9 }));
    await screen.findByText('ЖКХ и тарифы');
    expect(headers()).toEqual(['Тема', 'Просмотры', 'SI']);
  });
});
