import './dashboards.css';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DASHBOARD_LIST_LABELS,
  DASHBOARD_LIST_TONALITIES,
  DASHBOARD_LIST_TYPES,
  DASHBOARD_LOM_PAGE_SIZE,
  type DashboardListType,
  type DashboardLomItem,
  dashboardListType,
} from '@monitoring/contracts';
import { Alert, Button, Popconfirm, Select, Space, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import {
  type EditableDashboardRef,
  useAddDashboardLoms,
  useConstantLomCount,
  useDashboardList,
  useDashboardLoms,
  useRemoveDashboardLoms,
} from '../../api/dashboards.ts';
import { halfYearPeriod } from '../../lib/day-period.ts';
import { formatCount } from '../../lib/format.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { AddLomsDialog } from './AddLomsDialog.tsx';
import { CopyLomsDialog } from './CopyLomsDialog.tsx';
import { DashboardLomTable } from './DashboardLomTable.tsx';
import { periodQuery } from './dashboard-url.ts';
import {
  type LomManagerTab,
  lomManagerQuery,
  lomManagerUrlParams,
  parseLomManagerUrl,
} from './lom-manager-url.ts';

const TAB_LABELS: Record<LomManagerTab, string> = {
  wrote: 'Писали за период',
  positive: DASHBOARD_LIST_LABELS.positive,
  negative: DASHBOARD_LIST_LABELS.negative,
  neutral: DASHBOARD_LIST_LABELS.neutral,
};

const LIST_OPTIONS = DASHBOARD_LIST_TYPES.map((type) => ({
  value: DASHBOARD_LIST_TONALITIES[type],
  label: DASHBOARD_LIST_LABELS[type],
}));

/** The name of a lom's list, «—» when it is in none. */
export function listLabel(tonality: number | null): string {
  const type = tonality === null ? null : dashboardListType(tonality);
  return type ? DASHBOARD_LIST_LABELS[type] : '—';
}

/**
 * The lom management page of a theme or personal-theme dashboard: the loms that wrote
 * messages of it in the period with their stats and list, the three constant lists; put
 * loms into a list (from here or the «Добавить ЛОМ» search), take them out, copy the lists
 * of another theme. `canEdit` hides the changes (the server still checks).
 */
export function LomManager({ dashboard, canEdit }: { dashboard: EditableDashboardRef; canEdit: boolean }) {
  const { message } = useFeedback();
  const { state, patch } = useUrlState(parseLomManagerUrl, lomManagerUrlParams);
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [copying, setCopying] = useState(false);
  const count = useConstantLomCount(dashboard, periodQuery(state.period));
  const query = lomManagerQuery(state, DASHBOARD_LOM_PAGE_SIZE);
  const wrote = useDashboardLoms(dashboard, query, state.tab === 'wrote');
  const listType: DashboardListType | null = state.tab === 'wrote' ? null : state.tab;
  const constant = useDashboardList(dashboard, listType ?? 'positive', query, listType !== null);
  const list = listType ? constant : wrote;
  const add = useAddDashboardLoms(dashboard);
  const remove = useRemoveDashboardLoms(dashboard);

  const putInto = async (loms: number[], tonality: number) => {
    await add.mutateAsync({ loms, tonality });
    const type = dashboardListType(tonality);
    message.success(`ЛОМ в списке «${type ? DASHBOARD_LIST_LABELS[type] : tonality}»: ${loms.length}`);
    setSelected([]);
  };
  const takeOut = async (loms: number[]) => {
    await remove.mutateAsync(loms);
    message.success(`Убрано из списков ЛОМ: ${loms.length}`);
    setSelected([]);
  };

  const extraColumns: TableColumnsType<DashboardLomItem> = [
    {
      key: 'tonality',
      title: 'Список',
      width: 190,
      render: (_, row) =>
        canEdit ? (
          <Select<number>
            size="small"
            aria-label={`Список ЛОМ ${row.name}`}
            placeholder="Не в списке"
            value={row.tonality ?? undefined}
            options={LIST_OPTIONS}
            style={{ width: 170 }}
            onChange={(tonality) => void putInto([row.id], tonality)}
          />
        ) : (
          listLabel(row.tonality)
        ),
    },
  ];
  if (canEdit) {
    extraColumns.push({
      key: 'remove',
      width: 48,
      render: (_, row) =>
        row.tonality ? (
          <Popconfirm
            title={`Убрать ${row.name} из списков?`}
            okText="Убрать"
            cancelText="Отмена"
            onConfirm={() => takeOut([row.id])}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Убрать ${row.name} из списков`}
            />
          </Popconfirm>
        ) : null,
    });
  }

  const tabLabel = (tab: LomManagerTab) =>
    tab !== 'wrote' && count.data ? `${TAB_LABELS[tab]} (${formatCount(count.data[tab])})` : TAB_LABELS[tab];

  return (
    <div className="lom-manager">
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <PeriodPicker
            value={state.period}
            allowClear={false}
            onChange={({ after, before }) => {
              const defaults = halfYearPeriod();
              patch({ period: { after: after ?? defaults.after, before: before ?? defaults.before } });
            }}
          />
          {canEdit ? (
            <div className="dashboard-view__actions">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                Добавить ЛОМ
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => setCopying(true)}>
                Скопировать из другой темы
              </Button>
            </div>
          ) : null}
        </div>
      </section>
      <Tabs
        activeKey={state.tab}
        onChange={(tab) => {
          setSelected([]);
          patch({ tab: tab as LomManagerTab, search: '' });
        }}
        items={(['wrote', ...DASHBOARD_LIST_TYPES] as LomManagerTab[]).map((tab) => ({
          key: tab,
          label: tabLabel(tab),
        }))}
      />
      <div className="lom-manager__toolbar">
        {state.tab === 'wrote' ? (
          <div className="lom-manager__search">
            <SearchInput
              value={state.search}
              placeholder="Поиск по имени ЛОМ"
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
        ) : null}
        {canEdit && selected.length > 0 ? (
          <Space wrap>
            <span>Выбрано: {selected.length}</span>
            {LIST_OPTIONS.map((option) => (
              <Button key={option.value} size="small" onClick={() => void putInto(selected, option.value)}>
                В {option.label.toLowerCase()}
              </Button>
            ))}
            <Popconfirm
              title={`Убрать из списков ЛОМ: ${selected.length}?`}
              okText="Убрать"
              cancelText="Отмена"
              onConfirm={() => takeOut(selected)}
            >
              <Button size="small" danger icon={<DeleteOutlined />}>
                Убрать из списков
              </Button>
            </Popconfirm>
          </Space>
        ) : null}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message="Не удалось загрузить ЛОМ"
          description={list.error instanceof Error ? list.error.message : undefined}
        />
      ) : null}
      <DashboardLomTable
        label={`ЛОМ: ${TAB_LABELS[state.tab]}`}
        tonality={listType ?? undefined}
        data={list.data}
        loading={list.isFetching || add.isPending || remove.isPending}
        page={state.page}
        pageSize={DASHBOARD_LOM_PAGE_SIZE}
        onPageChange={(page) => patch({ page })}
        emptyText={
          state.tab === 'wrote'
            ? state.search
              ? 'Ничего не найдено'
              : 'За период ЛОМ не писали сообщений этой темы'
            : 'В этом списке пока никого нет'
        }
        extraColumns={extraColumns}
        rowSelection={
          canEdit
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
      />
      <AddLomsDialog dashboard={dashboard} open={adding} onClose={() => setAdding(false)} />
      <CopyLomsDialog dashboard={dashboard} open={copying} onClose={() => setCopying(false)} />
    </div>
  );
}
