import './admin-loms.css';
import type { AdminLomItem } from '@monitoring/contracts';
import { Button, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useAdminLoms, useDeactivateLoms, useMergeLoms } from '../../api/admin-loms.ts';
import { formatCount } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { MergeDialog } from '../../ui/MergeDialog.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AdminLomsTable } from './loms/AdminLomsTable.tsx';
import {
  ADMIN_LOMS_PAGE_SIZE,
  adminLomsQuery,
  adminLomsUrlParams,
  parseAdminLomsUrl,
} from './loms/loms-url.ts';
import { mergeSummary } from './loms/merge-summary.ts';
import { type FlagChoice, flagChoice, flagValue } from './sources/flag-options.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Повторите попытку');

/** /admin-panel/loms: merge duplicate loms into one, deactivate one or many. */
export function AdminLomsPage() {
  usePageTitle(PAGE_TITLES['admin-panel-loms']);
  const { message, modal } = useFeedback();
  const { state, patch } = useUrlState(parseAdminLomsUrl, adminLomsUrlParams);
  const list = useAdminLoms(adminLomsQuery(state));
  const merge = useMergeLoms();
  const deactivate = useDeactivateLoms();
  const [selected, setSelected] = useState<number[]>([]);
  const [mergeOpen, setMergeOpen] = useState(false);

  const runMerge = async (target: number, queryset: number[]) => {
    try {
      const result = await merge.mutateAsync({ target, queryset });
      message.success(mergeSummary(result));
      setSelected([]);
      return true;
    } catch (error) {
      message.error(`Не удалось объединить ЛОМ: ${errorText(error)}`);
      return false;
    }
  };

  const mergeInto = (row: AdminLomItem) => {
    const queryset = selected.filter((id) => id !== row.id);
    if (queryset.length === 0) {
      message.info('Отметьте ЛОМ, которые нужно объединить с этим');
      return;
    }
    modal.confirm({
      title: `Объединить ${formatCount(queryset.length)} ЛОМ в «${row.name}»?`,
      content:
        'Аккаунты, сообщения, цитаты, избранное, группы и остальные данные перейдут к этому ЛОМ, объединённые ЛОМ станут неактивными. Отменить это нельзя.',
      okText: 'Объединить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () => runMerge(row.id, queryset),
    });
  };

  const deactivateMany = (ids: number[], label: string) =>
    modal.confirm({
      title: `Отключить ${label}?`,
      content: 'Отключённые ЛОМ не предлагаются в списках выбора.',
      okText: 'Отключить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          const result = await deactivate.mutateAsync(ids);
          message.success(`Отключено ЛОМ: ${formatCount(result.ids.length)}`);
          setSelected([]);
        } catch (error) {
          message.error(`Не удалось отключить: ${errorText(error)}`);
        }
      },
    });

  return (
    <section className="page admin-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['admin-panel-loms']}</PageHeading>
      </div>
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <div className="filters-panel__search">
            <SearchInput
              value={state.filter}
              placeholder="Имя, псевдоним или номер ЛОМ"
              onSearch={(filter) => patch({ filter: filter ?? '' }, { replace: true })}
            />
          </div>
          <Segmented
            aria-label="Статус"
            value={flagChoice(state.isActive)}
            options={[
              { value: 'any', label: 'Все' },
              { value: 'yes', label: 'Активные' },
              { value: 'no', label: 'Неактивные' },
            ]}
            onChange={(value) => patch({ isActive: flagValue(value as FlagChoice) })}
          />
        </div>
      </section>
      <div className="admin-page__bar" aria-live="polite">
        {list.data ? <span>Найдено: {formatCount(list.data.elements_count)}</span> : null}
        {selected.length > 0 ? (
          <Space>
            <span>Выбрано: {formatCount(selected.length)}</span>
            <Button size="small" type="primary" onClick={() => setMergeOpen(true)}>
              Объединить выбранные в…
            </Button>
            <Button
              size="small"
              danger
              onClick={() => deactivateMany(selected, `${formatCount(selected.length)} ЛОМ`)}
            >
              Отключить выбранные
            </Button>
          </Space>
        ) : (
          <span className="admin-muted">Отметьте дубли и нажмите «Объединить в этот» у основного ЛОМ</span>
        )}
      </div>
      {list.isError ? (
        <LoadErrorAlert title="Не удалось загрузить ЛОМ" error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <AdminLomsTable
          rows={list.data?.results}
          loading={list.isFetching}
          paging={{
            page: state.page,
            pageSize: ADMIN_LOMS_PAGE_SIZE,
            total: list.data?.elements_count ?? 0,
            onPage: (page) => patch({ page }),
            withTotal: true,
          }}
          selected={selected}
          onSelect={setSelected}
          onMergeInto={mergeInto}
          onDeactivate={(row) => deactivateMany([row.id], `ЛОМ «${row.name}»`)}
        />
      )}
      <MergeDialog
        open={mergeOpen}
        onClose={() => {
          setMergeOpen(false);
          merge.reset();
        }}
        title="Объединить ЛОМ"
        okText={{ choose: 'Объединить', confirm: 'Да, объединить' }}
        kind="lom"
        placeholder="ЛОМ, в который объединить"
        excludeIds={selected}
        description={`Выбрано ЛОМ: ${formatCount(selected.length)}. Всё их содержимое перейдёт к выбранному ЛОМ, а они станут неактивными.`}
        warning="Объединение нельзя отменить."
        pending={merge.isPending}
        onMerge={(target) => runMerge(target, selected)}
      />
    </section>
  );
}
