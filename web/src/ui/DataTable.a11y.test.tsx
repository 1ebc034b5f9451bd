import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.tsx';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 1, name: 'Первая' },
  { id: 2, name: 'Вторая' },
];
const columns = [{ key: 'name', title: 'Название', dataIndex: 'name', width: 200 }];

describe('DataTable accessibility', () => {
  it('names the select-all checkbox in Russian and keeps its hidden measuring copy out of the focus order', () => {
    render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        rows={rows}
        scroll={{ x: 800 }}
        rowSelection={{ selectedRowKeys: [], onChange: () => {} }}
      />,
    );
    const header = document.querySelector('thead .ant-table-selection input');
    expect(header?.getAttribute('aria-label')).toBe('Выбрать все строки страницы');
    expect(header?.closest('[inert]')).toBeNull();
    // antd's measure row repeats the titles under aria-hidden: its checkbox must not take the focus (WCAG 4.1.2).
    const copies = document.querySelectorAll('.ant-table-measure-row input');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy.closest('[inert]')).not.toBeNull();
  });
});
