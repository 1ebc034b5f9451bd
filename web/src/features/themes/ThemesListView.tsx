import './themes.css';
import { CheckOutlined, InboxOutlined, MergeCellsOutlined } from '@ant-design/icons';
import type { ThemeListItem } from '@monitoring/contracts';
import { Button, Space, Tabs } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useApproveThemes, useMassArchiveThemes, useThemeList } from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { formatCount } from '../../lib/format.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { MergeThemesDialog } from './MergeThemesDialog.tsx';
import { ThemeTable } from './ThemeTable.tsx';
import { effectivePeriod, parseThemesUrl, themeListQuery, themesUrlParams } from './themes-url.ts';

interface ThemesListViewProps {
  /** The AI themes list (/themes-ai) rather than the themes people made. */
  ai?: boolean;
  expandedRow?: (row: ThemeListItem) => ReactNode;
  actions?: (row: ThemeListItem) => ReactNode;
}

/**
 * The themes table with its tabs «Активные» / «Архив», search, period, sort, page (all
 * in the URL) and the bulk actions on the selected rows.
 */
export function ThemesListView({ ai = false, expandedRow, actions }: ThemesListViewProps) {
  const can = useCan();
  const { message } = useFeedback();
  const { state, patch } = useUrlState(parseThemesUrl, themesUrlParams);
  const list = useThemeList(themeListQuery(state, ai));
  const [selected, setSelected] = useState<number[]>([]);
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const [mergeOpen, setMergeOpen] = useState(false);
  const archive = useMassArchiveThemes();
  const approve = useApproveThemes();
  const period = effectivePeriod(state);
  const rows = list.data?.results;

  const select = (ids: number[]) => {
    setSelected(ids);
    setNames((old) => {
      const next = new Map(old);
      for (const row of rows ?? []) if (ids.includes(row.id)) next.set(row.id, row.name);
      return next;
    });
  };
  const sources = useMemo(
    () => selected.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
    [selected, names],
  );
  const canEdit = can('EDIT_THEME');
  const canArchive = can('ARCHIVE_THEME');
  const bulk = canEdit || canArchive;

  return (
    <>
      <Tabs
        className="themes-page__tabs"
        activeKey={state.archived ? 'archived' : 'active'}
        onChange={(key) => {
          setSelected([]);
          patch({ archived: key === 'archived' });
        }}
        items={[
          { key: 'active', label: 'Активные' },
          { key: 'archived', label: 'Архив' },
        ]}
      />
      <section className="filters-panel" aria-label="Фильтры тем">
        <div className="filters-panel__row">
          <PeriodPicker
            allowClear={false}
            value={period}
            onChange={({ after, before }) => patch({ after, before })}
          />
          <div className="filters-panel__search">
            <SearchInput
              value={state.search}
              placeholder="Поиск по названию темы"
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
        </div>
      </section>

      {bulk ? (
        <div className="themes-page__bulk" role="toolbar" aria-label="Действия с отмеченными темами">
          <span className="themes-page__selected">
            {selected.length > 0 ? `Отмечено: ${selected.length}` : 'Отметьте темы в таблице'}
          </span>
          <Space wrap>
            {canArchive ? (
              <Button
                icon={<InboxOutlined />}
                disabled={selected.length === 0}
                loading={archive.isPending}
                onClick={() =>
                  archive.mutate(
                    { ids: selected, archive: !state.archived },
                    {
                      onSuccess: (answer) => {
                        message.success(
                          state.archived
                            ? `Возвращено из архива: ${answer.ids.length}`
                            : `Отправлено в архив: ${answer.ids.length}`,
                        );
                        setSelected([]);
                      },
                    },
                  )
                }
              >
                {state.archived ? 'Из архива' : 'В архив'}
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                loading={approve.isPending}
                onClick={() =>
                  approve.mutate(selected, {
                    onSuccess: (answer) => {
                      message.success(`Одобрено тем: ${answer.ids.length}`);
                      setSelected([]);
                    },
                  })
                }
              >
                Одобрить
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                icon={<MergeCellsOutlined />}
                disabled={selected.length === 0}
                onClick={() => setMergeOpen(true)}
              >
                Склеить
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}

      {list.isError ? (
        <LoadErrorAlert title="Не удалось загрузить темы" error={list.error} onRetry={() => list.refetch()} />
      ) : null}
      {list.data ? (
        <div className="themes-page__summary" aria-live="polite">
          Найдено тем: {formatCount(list.data.elements_count)}; метрики — за выбранный период
        </div>
      ) : null}

      <ThemeTable
        data={list.data}
        loading={list.isFetching}
        ordering={state.ordering}
        page={state.page}
        onOrdering={(ordering) => patch({ ordering })}
        onPage={(page) => patch({ page })}
        selected={selected}
        onSelect={bulk ? select : null}
        expandedRow={expandedRow}
        actions={actions}
        emptyText={
          state.search
            ? 'Нет тем, подходящих под поиск'
            : state.archived
              ? 'В архиве нет тем'
              : ai
                ? 'Нет AI-тем'
                : 'Нет тем'
        }
      />

      <MergeThemesDialog
        open={mergeOpen}
        sources={sources}
        onClose={() => setMergeOpen(false)}
        onMerged={() => {
          message.success('Темы склеены');
          setSelected([]);
        }}
      />
    </>
  );
}
