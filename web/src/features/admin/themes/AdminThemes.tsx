import { ADMIN_LIST_PAGE_SIZE, type AdminThemeItem } from '@monitoring/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import {
  useAdminThemes,
  useArchiveAdminTheme,
  useDeactivateAdminTheme,
  useMergeAdminThemes,
} from '../../../api/admin-directories.ts';
import { useUrlState } from '../../../lib/useUrlState.ts';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert.tsx';
import { AdminListFilters } from '../shared/AdminListFilters.tsx';
import { AdminMergeDialog } from '../shared/AdminMergeDialog.tsx';
import { adminListQuery, adminListUrlParams, parseAdminListUrl } from '../shared/admin-list-url.ts';
import { useAdminAction } from '../shared/useAdminAction.ts';
import { AdminThemesTable } from './AdminThemesTable.tsx';

/** /admin-panel/themes: filter, page, select; merge, archive and deactivate (docs/admin-directories.md). */
export function AdminThemes() {
  const { state, patch } = useUrlState(parseAdminListUrl, adminListUrlParams);
  const list = useAdminThemes(adminListQuery(state));
  const [selected, setSelected] = useState<AdminThemeItem[]>([]);
  const [merging, setMerging] = useState(false);
  const merge = useMergeAdminThemes();
  const archive = useArchiveAdminTheme();
  const deactivate = useDeactivateAdminTheme();
  const confirmAndRun = useAdminAction();
  const clearSelection = () => setSelected([]);

  const onArchive = (row: AdminThemeItem) =>
    confirmAndRun({
      title: row.archived ? `Вернуть тему «${row.name}» из архива?` : `Отправить тему «${row.name}» в архив?`,
      okText: row.archived ? 'Вернуть' : 'В архив',
      danger: !row.archived,
      run: () => archive.mutateAsync({ id: row.id, archive: !row.archived }),
      success: (theme) => (theme.archived ? 'Тема в архиве' : 'Тема возвращена из архива'),
      failure: 'Не удалось изменить архив',
    });
  const onToggleActive = (row: AdminThemeItem) =>
    confirmAndRun({
      title: row.active ? `Деактивировать тему «${row.name}»?` : `Активировать тему «${row.name}»?`,
      okText: row.active ? 'Деактивировать' : 'Активировать',
      danger: row.active,
      run: () => deactivate.mutateAsync({ id: row.id, active: !row.active }),
      success: (theme) => (theme.active ? 'Тема активна' : 'Тема деактивирована'),
      failure: 'Не удалось изменить активность темы',
    });
  const onMassArchive = () =>
    confirmAndRun({
      title: `Отправить в архив выбранные темы (${selected.length})?`,
      okText: 'В архив',
      run: async () => {
        for (const row of selected) await archive.mutateAsync({ id: row.id, archive: true });
      },
      success: () => 'Темы отправлены в архив',
      failure: 'Не удалось отправить темы в архив',
      onDone: clearSelection,
    });
  const onMassDeactivate = () =>
    confirmAndRun({
      title: `Деактивировать выбранные темы (${selected.length})?`,
      okText: 'Деактивировать',
      run: async () => {
        for (const row of selected) await deactivate.mutateAsync({ id: row.id, active: false });
      },
      success: () => 'Темы деактивированы',
      failure: 'Не удалось деактивировать темы',
      onDone: clearSelection,
    });

  return (
    <>
      <AdminListFilters state={state} patch={patch} searchPlaceholder="Поиск по названию темы" />
      <div className="admin-dirs__toolbar">
        <span className="admin-dirs__muted">Выбрано: {selected.length}</span>
        <Button disabled={selected.length < 2} onClick={() => setMerging(true)}>
          Объединить
        </Button>
        <Button disabled={selected.length === 0} onClick={onMassArchive}>
          В архив
        </Button>
        <Button danger disabled={selected.length === 0} onClick={onMassDeactivate}>
          Деактивировать
        </Button>
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить темы"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <AdminThemesTable
          rows={list.data?.results}
          loading={list.isFetching}
          paging={{
            page: state.page,
            pageSize: ADMIN_LIST_PAGE_SIZE,
            total: list.data?.elements_count ?? 0,
            onPage: (page) => patch({ page }),
            withTotal: true,
          }}
          selected={selected.map((row) => row.id)}
          onSelect={(_ids, rows) => setSelected(rows)}
          onArchive={onArchive}
          onToggleActive={onToggleActive}
        />
      )}
      <AdminMergeDialog
        open={merging}
        title="Объединить темы"
        items={selected}
        onCancel={() => setMerging(false)}
        onChoose={(target, others) => {
          setMerging(false);
          confirmAndRun({
            title: `Объединить ${others.length} тем(ы) в «${target.name}»?`,
            content: `Сообщения, разметка, инфоповоды и связи перейдут в «${target.name}»; объединённые темы станут неактивными. Отменить нельзя.`,
            okText: 'Объединить',
            run: () => merge.mutateAsync({ target: target.id, queryset: others.map((row) => row.id) }),
            success: (result) =>
              `Объединено: ${result.merged.length}, перенесено сообщений: ${result.moved.messages}`,
            failure: 'Не удалось объединить темы',
            onDone: clearSelection,
          });
        }}
      />
    </>
  );
}
