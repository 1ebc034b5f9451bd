import { type AdminLomSourceItem, PROBABLE_LOM_REASON_LABELS } from '@monitoring/contracts';
import { Button, Popconfirm, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { DataTable, type DataTablePaging } from '../../../ui/DataTable.tsx';

interface SourcesTableProps {
  rows: AdminLomSourceItem[] | undefined;
  loading: boolean;
  paging: DataTablePaging;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onAddLom: (row: AdminLomSourceItem) => void;
  onAddProbable: (row: AdminLomSourceItem) => void;
  onConfirm: (row: AdminLomSourceItem) => void;
  onDeactivate: (row: AdminLomSourceItem) => void;
}

/** The accounts: address, platform, coverage, lom or candidate, and the actions of a row. */
export function SourcesTable(props: SourcesTableProps) {
  const columns: TableColumnsType<AdminLomSourceItem> = [
    {
      key: 'url',
      title: 'Аккаунт',
      render: (_, row) => (
        <div>
          <a href={safeExternalUrl(row.url) ?? undefined} target="_blank" rel="noreferrer">
            {row.url}
          </a>
          {row.account_name ? <div className="admin-muted">{row.account_name}</div> : null}
        </div>
      ),
    },
    { key: 'source', title: 'Площадка', width: 130, render: (_, row) => row.source.name },
    {
      key: 'coverage',
      title: 'Охват',
      width: 100,
      align: 'right',
      render: (_, row) => formatCount(row.coverage),
    },
    {
      key: 'lom',
      title: 'ЛОМ',
      render: (_, row) =>
        row.lom ? <Link to={`/loms/${row.lom.id}`}>{row.lom.name}</Link> : <Tag color="orange">Без ЛОМ</Tag>,
    },
    {
      key: 'probable',
      title: 'Вероятный ЛОМ',
      render: (_, row) =>
        row.probable_lom ? (
          <Tooltip
            title={row.probable_lom.reason ? PROBABLE_LOM_REASON_LABELS[row.probable_lom.reason] : undefined}
          >
            <span>
              <Link to={`/loms/${row.probable_lom.id}`}>{row.probable_lom.name}</Link>
              {row.probable_lom.score !== null ? (
                <span className="admin-muted"> · {Math.round(row.probable_lom.score * 100)}%</span>
              ) : null}
            </span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      key: 'active',
      title: 'Статус',
      width: 110,
      render: (_, row) => (row.is_active ? <Tag color="green">Активен</Tag> : <Tag>Отключён</Tag>),
    },
    {
      key: 'actions',
      title: 'Действия',
      width: 300,
      render: (_, row) => (
        <Space wrap size="small">
          {row.probable_lom && !row.lom ? (
            <Button size="small" type="primary" onClick={() => props.onConfirm(row)}>
              Подтвердить
            </Button>
          ) : null}
          <Button size="small" onClick={() => props.onAddLom(row)}>
            {row.lom ? 'Сменить ЛОМ' : 'Добавить ЛОМ'}
          </Button>
          {!row.lom ? (
            <Button size="small" onClick={() => props.onAddProbable(row)}>
              Вероятный ЛОМ
            </Button>
          ) : null}
          {row.is_active ? (
            <Popconfirm
              title="Отключить аккаунт?"
              description="Аккаунт перестанет учитываться в охвате ЛОМ."
              okText="Отключить"
              okButtonProps={{ danger: true }}
              cancelText="Отмена"
              onConfirm={() => props.onDeactivate(row)}
            >
              <Button size="small" danger>
                Отключить
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <DataTable<AdminLomSourceItem>
      rowKey="id"
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      paging={props.paging}
      empty="Аккаунтов по этим условиям нет"
      rowSelection={{ selectedRowKeys: props.selected, onChange: (keys) => props.onSelect(keys.map(Number)) }}
    />
  );
}
