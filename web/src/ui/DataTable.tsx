import { Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format.ts';

/** A page of a server list (`{results, page, last_page, elements_count, …}`), as the table pages it. */
export interface DataTablePaging {
  page: number;
  pageSize: number;
  /** `elements_count` of the answer. */
  total: number;
  onPage: (page: number) => void;
  /** The pager stays even on a single page, with «Всего N» (the big lists: loms, themes). */
  withTotal?: boolean;
}

export type DataTableSortOrder = 'ascend' | 'descend' | null;

export interface DataTableProps<T>
  extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'locale' | 'onChange'> {
  rows: readonly T[] | undefined;
  /**
   * A request is under way. The rows on screen (the previous page, kept by the query's
   * placeholder data) stay under the spinner; the empty text waits for the answer.
   */
  loading?: boolean;
  /** Server paging; the pager shows once there is more than one page (or the page is not the first). */
  paging?: DataTablePaging;
  /** Rows already all here: pages of this size in the browser once there are more rows than that. */
  clientPageSize?: number;
  /** The Russian empty state; antd's «Нет данных» when left out. */
  empty?: ReactNode;
  /** A click on a sortable header: the column's key and its new order (null: back to the default). */
  onSort?: (columnKey: string | undefined, order: DataTableSortOrder) => void;
}

function pagerOf<T>({ paging, clientPageSize, rows }: DataTableProps<T>): TableProps<T>['pagination'] {
  if (paging) {
    if (!paging.withTotal && paging.total <= paging.pageSize && paging.page <= 1) return false;
    return {
      current: paging.page,
      pageSize: paging.pageSize,
      total: paging.total,
      showSizeChanger: false,
      showTotal: paging.withTotal ? (total) => `Всего ${formatCount(total)}` : undefined,
    };
  }
  if (clientPageSize && (rows?.length ?? 0) > clientPageSize) {
    return { pageSize: clientPageSize, showSizeChanger: false };
  }
  return false;
}

/**
 * The one table of the app: antd's Table with the project's server paging, sorting by header
 * click, a Russian empty state and a loading state that keeps the previous page on screen.
 * Everything else (columns, row keys, selection, expandable rows, summary, scroll) passes through.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { rows, loading = false, paging, clientPageSize: _size, empty, onSort, ...table } = props;
  return (
    <Table<T>
      {...table}
      dataSource={rows as T[] | undefined}
      loading={loading}
      locale={empty === undefined ? undefined : { emptyText: loading ? ' ' : empty }}
      pagination={pagerOf(props)}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'paginate') {
          paging?.onPage(pagination.current ?? 1);
        } else if (extra.action === 'sort' && onSort) {
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
          const key = one?.columnKey;
          onSort(key === undefined ? undefined : String(key), one?.order ?? null);
        }
      }}
    />
  );
}

/** Summary rows under the table (a mood table's «Всего»). */
DataTable.Summary = Table.Summary;
