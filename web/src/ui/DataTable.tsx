import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { isValidElement, type ReactNode, useLayoutEffect, useRef } from 'react';
import { useCurrentUser } from '../api/auth.ts';
import { formatCount } from '../lib/format.ts';
import { useHiddenColumns } from '../lib/hidden-columns.ts';
import { useAppHeaderHeight } from '../lib/useAppHeaderHeight.ts';
import './ui.css';

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
  /**
   * A wide table opts in to the column chooser (`table`: its name in storage): the first column stays pinned on
   * the left while the rest scroll, and «Столбцы» lets the user hide any column that is not pinned; the choice is
   * kept per user and table in this browser (lib/hidden-columns.ts). The horizontal scroll width (`scroll.x`, when
   * a number) becomes the sum of the shown columns' widths, so hiding columns ends the sideways scroll.
   */
  columnChooser?: { table: string };
}

type Columns<T> = NonNullable<TableProps<T>['columns']>;
type Column<T> = Columns<T>[number];

/** Width counted for a column that declares none, and for the selection and expand columns. */
const DEFAULT_WIDTH = 120;
const CONTROL_WIDTH = 48;

/** The plain text of a column title: a string, an element's text children or its aria-label («Избранное»). */
export function columnLabel(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(columnLabel).join('');
  if (isValidElement(node)) {
    const props = node.props as { children?: unknown; 'aria-label'?: string };
    return props['aria-label'] ?? columnLabel(props.children);
  }
  return '';
}

const keyOf = <T,>(column: Column<T>) => (column.key === undefined ? undefined : String(column.key));

const isPinned = <T,>(column: Column<T>) => column.fixed === 'left' || column.fixed === true;

/** The columns with the first one pinned on the left, unless the table pinned its own. */
export function pinFirst<T>(columns: Columns<T>): Columns<T> {
  if (columns.some(isPinned)) return columns;
  return columns.map((column, index) => (index === 0 ? { ...column, fixed: 'left' as const } : column));
}

/** The shown columns: the pinned ones and those not hidden. */
export function chosenColumns<T>(columns: Columns<T>, hidden: readonly string[]): Columns<T> {
  return pinFirst(columns).filter((column) => isPinned(column) || !hidden.includes(keyOf(column) ?? ''));
}

function ColumnChooserTable<T extends object>({
  table,
  columns,
  render,
  controls,
}: {
  table: string;
  columns: Columns<T>;
  controls: number;
  render: (columns: Columns<T>, scrollX: number) => ReactNode;
}) {
  const user = useCurrentUser().data?.id;
  const [hidden, setHidden] = useHiddenColumns(table, user);
  const shown = chosenColumns(columns, hidden);
  const choices = pinFirst(columns)
    .filter((column) => !isPinned(column) && keyOf(column) !== undefined)
    .map((column) => ({
      value: keyOf(column) as string,
      label: columnLabel(column.title) || String(column.key),
    }));
  const width = shown.reduce((sum, column) => sum + (Number(column.width) || DEFAULT_WIDTH), controls);
  const content = (
    <div className="data-table__chooser">
      <Checkbox.Group
        aria-label="Показываемые столбцы"
        options={choices}
        value={choices.map((c) => c.value).filter((key) => !hidden.includes(key))}
        onChange={(values) => setHidden(choices.map((c) => c.value).filter((key) => !values.includes(key)))}
      />
      <Button type="link" size="small" disabled={hidden.length === 0} onClick={() => setHidden([])}>
        Показать все
      </Button>
    </div>
  );
  return (
    <div className="data-table">
      <div className="data-table__tools">
        <Popover content={content} title="Столбцы таблицы" trigger="click" placement="bottomRight">
          <Button size="small" icon={<SettingOutlined />}>
            Столбцы{hidden.length > 0 ? ` (скрыто: ${formatCount(hidden.length)})` : ''}
          </Button>
        </Popover>
      </div>
      {render(shown, width)}
    </div>
  );
}

/** The select-all checkbox's name (antd's own is the English «Select all»). */
const SELECT_ALL_LABEL = 'Выбрать все строки страницы';

/**
 * The select-all checkbox's cell. antd repeats each column title in a hidden measure row (aria-hidden, to size the
 * columns of a scrolling table); the checkbox's copy there could take the focus inside aria-hidden (axe:
 * aria-hidden-focus), so that copy is made inert. (The copy is cloned without its ref: the check is inside.)
 */
function SelectionTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.closest('.ant-table-measure-row')) ref.current.setAttribute('inert', '');
  }, []);
  return (
    <div className="ant-table-selection" ref={ref}>
      {children}
    </div>
  );
}

function selectionOf<T>(rowSelection: TableProps<T>['rowSelection']): TableProps<T>['rowSelection'] {
  if (!rowSelection) return rowSelection;
  return {
    getTitleCheckboxProps: () => ({ 'aria-label': SELECT_ALL_LABEL }),
    columnTitle: (checkbox: ReactNode) => <SelectionTitle>{checkbox}</SelectionTitle>,
    ...rowSelection,
  };
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
  const {
    rows,
    loading = false,
    paging,
    clientPageSize: _size,
    empty,
    onSort,
    columnChooser,
    ...table
  } = props;
  const headerHeight = useAppHeaderHeight();
  // A sticky table header sticks under the app's own sticky header, not behind (or over) it.
  const sticky = table.sticky === true ? { offsetHeader: headerHeight } : table.sticky;
  const render = (columns: TableProps<T>['columns'], scrollX?: number) => (
    <Table<T>
      {...table}
      sticky={sticky}
      columns={columns}
      rowSelection={selectionOf(table.rowSelection)}
      scroll={
        scrollX !== undefined && typeof table.scroll?.x === 'number'
          ? { ...table.scroll, x: scrollX }
          : table.scroll
      }
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
  if (!columnChooser || !table.columns) return render(table.columns);
  const controls = (table.rowSelection ? CONTROL_WIDTH : 0) + (table.expandable ? CONTROL_WIDTH : 0);
  return (
    <ColumnChooserTable<T>
      table={columnChooser.table}
      columns={table.columns}
      controls={controls}
      render={render}
    />
  );
}

/** Summary rows under the table (a mood table's «Всего»). */
DataTable.Summary = Table.Summary;
