import './admin-loms.css';
import type { AdminMlgReportItem } from '@monitoring/contracts';
import { Button, Space } from 'antd';
import { useState } from 'react';
import {
  useAdminMlgReports,
  useCreateMlgReport,
  useDeleteMlgReports,
  useLoadMlgReport,
} from '../../api/admin-loms.ts';
import { formatCount } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { CreateMlgReportForm } from './mlg/CreateMlgReportForm.tsx';
import { MlgReportsTable } from './mlg/MlgReportsTable.tsx';
import { MLG_PAGE_SIZE, mlgQuery, mlgUrlParams, parseMlgUrl } from './mlg/mlg-url.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Повторите попытку');

/** /admin-panel/mlg-report: reports of lom groups by number: add, load, delete. */
export function AdminMlgReportPage() {
  usePageTitle(PAGE_TITLES['admin-panel-mlg-report']);
  const { message, modal } = useFeedback();
  const { state, patch } = useUrlState(parseMlgUrl, mlgUrlParams);
  const list = useAdminMlgReports(mlgQuery(state));
  const create = useCreateMlgReport();
  const remove = useDeleteMlgReports();
  const load = useLoadMlgReport();
  const [selected, setSelected] = useState<number[]>([]);
  const rows = list.data?.results ?? [];

  const confirmDelete = (targets: AdminMlgReportItem[]) =>
    modal.confirm({
      title:
        targets.length === 1
          ? `Удалить отчёт № ${targets[0]?.report_id}?`
          : `Удалить отчёты: ${formatCount(targets.length)}?`,
      content: 'Группы ЛОМ этих отчётов будут удалены и пропадут из дашбордов, где использовались.',
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          const result = await remove.mutateAsync(targets.map((r) => ({ id: r.id, report_id: r.report_id })));
          message.success(`Удалено отчётов: ${formatCount(result.deleted)}`);
          setSelected([]);
        } catch (error) {
          message.error(`Не удалось удалить: ${errorText(error)}`);
        }
      },
    });

  return (
    <section className="page admin-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['admin-panel-mlg-report']}</PageHeading>
      </div>
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <div className="filters-panel__search">
            <SearchInput
              value={state.search}
              placeholder="Номер или название отчёта"
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
          <CreateMlgReportForm
            pending={create.isPending}
            onCreate={async (reportId, title) => {
              try {
                await create.mutateAsync({ report_id: reportId, ...(title.trim() ? { title } : {}) });
                message.success(`Отчёт № ${reportId} добавлен`);
                return true;
              } catch (error) {
                message.error(`Не удалось добавить отчёт: ${errorText(error)}`);
                return false;
              }
            }}
          />
        </div>
      </section>
      <div className="admin-page__bar" aria-live="polite">
        {list.data ? <span>Найдено: {formatCount(list.data.elements_count)}</span> : null}
        {selected.length > 0 ? (
          <Space>
            <span>Выбрано: {formatCount(selected.length)}</span>
            <Button
              size="small"
              danger
              onClick={() => confirmDelete(rows.filter((r) => selected.includes(r.id)))}
            >
              Удалить выбранные
            </Button>
          </Space>
        ) : null}
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить отчёты"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : (
        <MlgReportsTable
          rows={list.data?.results}
          loading={list.isFetching}
          paging={{
            page: state.page,
            pageSize: MLG_PAGE_SIZE,
            total: list.data?.elements_count ?? 0,
            onPage: (page) => patch({ page }),
          }}
          selected={selected}
          onSelect={setSelected}
          loadingId={load.isPending ? (load.variables ?? null) : null}
          onLoad={(row) =>
            load.mutate(row.id, {
              onSuccess: (result) =>
                message.success(
                  `Отчёт № ${result.report.report_id} загружен: ЛОМ ${formatCount(result.report.loms_count)}, аккаунтов ${formatCount(result.sources)}, без ЛОМ ${formatCount(result.unbound)}`,
                ),
              onError: (error) => message.error(`Не удалось загрузить отчёт: ${errorText(error)}`),
            })
          }
          onDelete={(row) => confirmDelete([row])}
        />
      )}
    </section>
  );
}
