import { CLIENT_EXCEL_COLUMNS } from '@monitoring/contracts';
import { type TableColumnsType, Tag } from 'antd';
import { DataTable } from '../../../ui/DataTable.tsx';
import { TEXTS } from './texts.ts';

type ColumnRow = (typeof CLIENT_EXCEL_COLUMNS)[number];

const columns: TableColumnsType<ColumnRow> = [
  { key: 'header', title: TEXTS.columnHeader, dataIndex: 'header', width: 170 },
  {
    key: 'required',
    title: TEXTS.columnRequired,
    width: 110,
    render: (_, row) =>
      row.required ? <Tag color="red">{TEXTS.yes}</Tag> : <span className="muted">{TEXTS.no}</span>,
  },
  { key: 'hint', title: TEXTS.columnHint, dataIndex: 'hint' },
  {
    key: 'example',
    title: TEXTS.columnExample,
    width: 160,
    render: (_, row) => (row.example === '' ? <span className="muted">—</span> : String(row.example)),
  },
];

/** The columns of the import file, from the same list the server reads and builds the template from. */
export function ImportColumns() {
  return (
    <DataTable<ColumnRow>
      className="lom-import__columns"
      size="small"
      rowKey="key"
      columns={columns}
      rows={[...CLIENT_EXCEL_COLUMNS]}
    />
  );
}
