import { PlusOutlined } from '@ant-design/icons';
import type { ListEnvelope } from '@monitoring/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ALERTS_PAGE_SIZE } from '../../api/alerts.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

/** The texts of one of the page's lists: its load error, its empty state and its create button. */
export interface OwnListTexts {
  loadError: string;
  empty: string;
  emptyHint: string;
  create: string;
}

/**
 * A list of the caller's own alerts or digests: the create button above a full list, the table with server paging,
 * and an empty state that offers to create the first one.
 */
export function OwnListTable<T extends { id: number }>({
  list,
  columns,
  scrollX,
  texts,
  page,
  onPage,
  onCreate,
}: {
  list: UseQueryResult<ListEnvelope<T>>;
  columns: ColumnsType<T>;
  scrollX: number;
  texts: OwnListTexts;
  page: number;
  onPage: (page: number) => void;
  onCreate: () => void;
}) {
  if (list.isError && !list.data)
    return <LoadErrorAlert title={texts.loadError} error={list.error} onRetry={() => void list.refetch()} />;

  const rows = list.data?.results;
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
      {texts.create}
    </Button>
  );
  return (
    <div className="alerts-tab">
      {rows && rows.length > 0 ? <div className="alerts-tab__tools">{create}</div> : null}
      <DataTable<T>
        rowKey="id"
        columns={columns}
        rows={rows}
        loading={list.isFetching}
        scroll={{ x: scrollX }}
        paging={
          list.data
            ? { page, pageSize: ALERTS_PAGE_SIZE, total: list.data.elements_count, onPage }
            : undefined
        }
        empty={
          <div className="alerts-tab__empty">
            <p>{texts.empty}</p>
            <p className="alerts-table__muted">{texts.emptyHint}</p>
            {create}
          </div>
        }
      />
    </div>
  );
}
