import { StarFilled, StarOutlined } from '@ant-design/icons';
import {
  formatAge,
  LOM_LIST_PAGE_SIZE,
  type LomListItem,
  type LomOrderField,
  type LomOrdering,
} from '@monitoring/contracts';
import { Avatar, Button, Empty, type TableColumnsType, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { type LomListResponse, useSwitchFavourite } from '../../api/loms.ts';
import { useCan } from '../../api/useCan.ts';
import { formatCount } from '../../lib/format.ts';
import { safeExternalUrl } from '../../lib/safe-url.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import type { LomsUrlState } from './loms-url.ts';

interface LomTableProps {
  data: LomListResponse | undefined;
  loading: boolean;
  state: LomsUrlState;
  onPatch: (patch: Partial<LomsUrlState>) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
}

function sortOrderOf(ordering: LomOrdering, field: LomOrderField) {
  if (ordering === field) return 'ascend' as const;
  if (ordering === `-${field}`) return 'descend' as const;
  return null;
}

const decimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** A metric column, sorted on the server by the field of the same name. */
function metric(
  field: LomOrderField,
  title: string,
  ordering: LomOrdering,
  render: (row: LomListItem) => string,
  hint?: string,
) {
  return {
    key: field,
    title: hint ? <Tooltip title={hint}>{title}</Tooltip> : title,
    align: 'right' as const,
    width: 130,
    sorter: true,
    sortDirections: ['descend', 'ascend'] as ('descend' | 'ascend')[],
    sortOrder: sortOrderOf(ordering, field),
    render: (_: unknown, row: LomListItem) => render(row),
  };
}

function FavouriteToggle({ row }: { row: LomListItem }) {
  const { message } = useFeedback();
  const toggle = useSwitchFavourite();
  const label = row.is_favourite ? 'Убрать из избранного' : 'Добавить в избранное';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={`${label}: ${row.name}`}
        aria-pressed={row.is_favourite}
        icon={row.is_favourite ? <StarFilled className="loms-table__star" /> : <StarOutlined />}
        onClick={() =>
          toggle.mutate(
            { id: row.id, isFavourite: !row.is_favourite },
            { onError: () => void message.error('Не удалось изменить избранное, отметка возвращена') },
          )
        }
      />
    </Tooltip>
  );
}

function LomNameCell({ row }: { row: LomListItem }) {
  return (
    <div className="loms-table__name">
      <Avatar src={row.avatar ?? undefined} alt="" aria-hidden size={36}>
        {row.name.slice(0, 1)}
      </Avatar>
      <div>
        <Link to={`/loms/${row.id}`}>{row.name}</Link>
        <div className="loms-table__tags">
          {row.is_foreign_agent ? <Tag color="red">Иноагент</Tag> : null}
          {row.is_active ? null : <Tag>Неактивен</Tag>}
          {row.category ? <Tag color="blue">{row.category}</Tag> : null}
          {row.segment ? <Tag>{row.segment}</Tag> : null}
        </div>
        <div className="loms-table__sources">
          {row.lom_sources.map((source) => {
            const href = safeExternalUrl(source.external_link ?? source.lom_source_url);
            return href ? (
              <a key={source.id} href={href} target="_blank" rel="noreferrer noopener">
                {source.source.name}
              </a>
            ) : (
              <span key={source.id}>{source.source.name}</span>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The lom table: 100 rows a page, sorting on the server, favourites toggled in place. */
export function LomTable({ data, loading, state, onPatch, selected, onSelect }: LomTableProps) {
  const can = useCan();
  const { ordering } = state;
  const columns: TableColumnsType<LomListItem> = [
    ...(can('FAVORITE_LOMS')
      ? [
          {
            key: 'favourite',
            title: <StarOutlined aria-label="Избранное" />,
            width: 56,
            fixed: 'left' as const,
            render: (_: unknown, row: LomListItem) => <FavouriteToggle row={row} />,
          },
        ]
      : []),
    {
      key: 'name',
      title: 'ЛОМ',
      width: 340,
      fixed: 'left',
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: sortOrderOf(ordering, 'name'),
      render: (_, row) => <LomNameCell row={row} />,
    },
    metric('subscribers', 'Подписчики', ordering, (row) => formatCount(row.subscribers)),
    metric('total_si', 'Si', ordering, (row) => formatCount(Math.round(row.total_si)), 'Суммарный индекс SI'),
    metric('total_views', 'Просмотры', ordering, (row) => formatCount(row.total_views)),
    metric(
      'message_number',
      'Сообщения',
      ordering,
      (row) => formatCount(row.message_number),
      'Сообщения, не отправленные в корзину, архив или отложенные',
    ),
    metric(
      'messages_count',
      'Всего',
      ordering,
      (row) => formatCount(row.messages_count),
      'Все сообщения, кроме корзины',
    ),
    metric('verified_count', 'Проверено', ordering, (row) => formatCount(row.verified_count)),
    metric('quotes_count', 'Цитаты', ordering, (row) => formatCount(row.quotes_count)),
    metric('average_si', 'Средний SI', ordering, (row) => decimal.format(row.average_si)),
    metric('audience_age', 'Возраст аудитории', ordering, (row) =>
      row.audience_age === null ? '—' : formatAge(row.audience_age),
    ),
  ];

  return (
    <DataTable<LomListItem>
      className="loms-table"
      rowKey="id"
      size="middle"
      columns={columns}
      rows={data?.results ?? []}
      loading={loading}
      scroll={{ x: 1650 }}
      sticky
      columnChooser={{ table: 'loms' }}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      empty={
        <Empty
          description={state.favourites ? 'В избранном пока нет ЛОМ' : 'Нет ЛОМ, подходящих под фильтры'}
        />
      }
      paging={{
        page: state.page,
        pageSize: LOM_LIST_PAGE_SIZE,
        total: data?.elements_count ?? 0,
        onPage: (page) => onPatch({ page }),
        withTotal: true,
      }}
      onSort={(key, order) => {
        const field = key as LomOrderField | undefined;
        onPatch({ ordering: field && order ? (order === 'ascend' ? field : `-${field}`) : '-subscribers' });
      }}
    />
  );
}
