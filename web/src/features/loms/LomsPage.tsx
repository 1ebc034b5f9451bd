import './loms.css';
import { FileExcelOutlined, PlusOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Segmented, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLomCount, useLomList } from '../../api/loms.ts';
import { useCan } from '../../api/useCan.ts';
import { formatCount } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { idList } from '../../ui/ClassificationPickFilters.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { FavouritesChart } from './FavouritesChart.tsx';
import { LomImportDrawer } from './import/LomImportDrawer.tsx';
import { LomGroupsDialog } from './LomGroupsDialog.tsx';
import { LomReportsMenu } from './LomReportsMenu.tsx';
import { LomTable } from './LomTable.tsx';
import { lomFilterQuery, lomListQuery, lomsUrlParams, parseLomsUrl } from './loms-url.ts';

const activeOptions = [
  { value: 'all', label: 'Все ЛОМ' },
  { value: 'true', label: 'Активные' },
  { value: 'false', label: 'Неактивные' },
];

/** /loms: the lom table with its period metrics, filters in the URL, favourites and their chart. */
export function LomsPage() {
  usePageTitle(PAGE_TITLES.loms);
  const can = useCan();
  const navigate = useNavigate();
  const { state, patch } = useUrlState(parseLomsUrl, lomsUrlParams);
  const list = useLomList(lomListQuery(state));
  const count = useLomCount();
  const [selected, setSelected] = useState<number[]>([]);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const idFilter = (key: keyof typeof state.ids) => ({
    mode: 'multiple' as const,
    value: state.ids[key],
    onChange: (ids: number[]) => patch({ ids: { ...state.ids, [key]: idList(ids) ?? [] } }),
  });

  return (
    <section className="page loms-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.loms}</PageHeading>
        <div className="page__actions">
          {can('CREATE_LOM') ? (
            <Button icon={<PlusOutlined />} onClick={() => navigate('/loms/add')}>
              Добавить ЛОМ
            </Button>
          ) : null}
          <Button
            icon={<SwapOutlined />}
            disabled={selected.length < 2}
            title={selected.length < 2 ? 'Отметьте в таблице хотя бы двух ЛОМ' : undefined}
            onClick={() => {
              const query = new URLSearchParams({ id_in: selected.join(',') });
              if (state.after) query.set('wrote_at_after', state.after);
              if (state.before) query.set('wrote_at_before', state.before);
              navigate(`/loms/compare?${query}`);
            }}
          >
            Сравнить{selected.length > 1 ? ` (${selected.length})` : ''}
          </Button>
          <Button icon={<TeamOutlined />} onClick={() => setGroupsOpen(true)}>
            Группы ЛОМ
          </Button>
          {can('CREATE_LOM_REPORT') ? (
            <LomReportsMenu filterQuery={lomFilterQuery(state)} selectedLomIds={selected} />
          ) : null}
          {can('CREATE_LOM') ? (
            <Button icon={<FileExcelOutlined />} onClick={() => setImportOpen(true)}>
              Импорт из Excel
            </Button>
          ) : null}
        </div>
      </div>

      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          {can('FAVORITE_LOMS') ? (
            <Segmented
              aria-label="Избранные"
              value={state.favourites ? 'favourites' : 'all'}
              options={[
                { value: 'all', label: 'Все' },
                { value: 'favourites', label: 'Избранные' },
              ]}
              onChange={(value) => patch({ favourites: value === 'favourites' })}
            />
          ) : null}
          <PeriodPicker
            value={{ after: state.after, before: state.before }}
            onChange={({ after, before }) => patch({ after, before })}
          />
          <div className="filters-panel__search">
            <SearchInput
              value={state.search}
              placeholder="Поиск по имени ЛОМ"
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
          <Select
            aria-label="Активность"
            className="loms-page__active"
            value={state.isActive ?? 'all'}
            options={activeOptions}
            onChange={(value) =>
              patch({ isActive: value === 'all' ? undefined : (value as 'true' | 'false') })
            }
          />
        </div>
        <div className="filters-panel__grid">
          <PickSelect kind="lom_type" placeholder="Типы" {...idFilter('lom_types_in')} />
          <PickSelect
            kind="lom_type"
            placeholder="Сегмент"
            extra={{ is_segment: true }}
            {...idFilter('segment_in')}
          />
          <PickSelect
            kind="lom_type"
            placeholder="Категория"
            extra={{ is_category: true }}
            {...idFilter('category_in')}
          />
          <PickSelect kind="lom_focus" placeholder="Направленность" {...idFilter('lom_focuses_in')} />
          <PickSelect
            kind="producer_center"
            placeholder="Продюсерские центры"
            {...idFilter('producer_centers_in')}
          />
          <PickSelect kind="region" placeholder="Регионы" {...idFilter('region_in')} />
          <PickSelect kind="source" placeholder="Площадки" {...idFilter('source_in')} />
        </div>
      </section>

      <div className="loms-page__summary" aria-live="polite">
        {list.data ? <span>Найдено: {formatCount(list.data.elements_count)}</span> : null}
        {count.data ? <span>Активных ЛОМ в базе: {formatCount(count.data.count)}</span> : null}
        <span>
          {state.after || state.before
            ? 'Метрики публикаций — за выбранный период'
            : 'Метрики публикаций — за всё время; выберите период, чтобы сузить'}
        </span>
      </div>

      {list.isError ? (
        <LoadErrorAlert title="Не удалось загрузить ЛОМ" error={list.error} onRetry={() => list.refetch()} />
      ) : null}

      {state.favourites && list.data && list.data.results.length > 0 ? (
        <FavouritesChart rows={list.data.results} hasPeriod={Boolean(state.after || state.before)} />
      ) : null}

      <Space direction="vertical" style={{ width: '100%' }}>
        <LomTable
          data={list.data}
          loading={list.isFetching}
          state={state}
          onPatch={patch}
          selected={selected}
          onSelect={setSelected}
        />
      </Space>

      <LomGroupsDialog open={groupsOpen} onClose={() => setGroupsOpen(false)} selectedLomIds={selected} />
      <LomImportDrawer open={importOpen} onClose={() => setImportOpen(false)} />
    </section>
  );
}
