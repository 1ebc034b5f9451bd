import { ADMIN_LIST_PAGE_SIZE, type AdminInfoReasonItem } from '@monitoring/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import {
  useAdminInfoReasons,
  useArchiveAdminInfoReason,
  useClearInfoReasonTheme,
  useConvertInfoReasonsToThemes,
  useDeactivateAdminInfoReason,
  useMergeAdminInfoReasons,
  useSetInfoReasonTheme,
} from '../../../api/admin-directories.ts';
import { useUrlState } from '../../../lib/useUrlState.ts';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert.tsx';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import { AdminListFilters } from '../shared/AdminListFilters.tsx';
import { AdminMergeDialog } from '../shared/AdminMergeDialog.tsx';
import { adminListQuery, adminListUrlParams, parseAdminListUrl } from '../shared/admin-list-url.ts';
import { useAdminAction } from '../shared/useAdminAction.ts';
import { AdminInfoReasonsTable } from './AdminInfoReasonsTable.tsx';
import { ConvertDialog } from './ConvertDialog.tsx';
import { SetThemeDialog } from './SetThemeDialog.tsx';

/**
 * /admin-panel/info-reasons: filter, page, select; merge, archive, deactivate, clear theme, set theme and convert
 * to theme (docs/admin-directories.md).
 */
export function AdminInfoReasons() {
  const { state, patch } = useUrlState(parseAdminListUrl, adminListUrlParams);
  const list = useAdminInfoReasons(adminListQuery(state));
  const [selected, setSelected] = useState<AdminInfoReasonItem[]>([]);
  const [merging, setMerging] = useState(false);
  const [converting, setConverting] = useState(false);
  const [themeOf, setThemeOf] = useState<AdminInfoReasonItem | null>(null);
  const merge = useMergeAdminInfoReasons();
  const archive = useArchiveAdminInfoReason();
  const deactivate = useDeactivateAdminInfoReason();
  const clearTheme = useClearInfoReasonTheme();
  const setTheme = useSetInfoReasonTheme();
  const convert = useConvertInfoReasonsToThemes();
  const confirmAndRun = useAdminAction();
  const clearSelection = () => setSelected([]);
  const ids = selected.map((row) => row.id);

  const onArchive = (row: AdminInfoReasonItem) =>
    confirmAndRun({
      title: row.archived ? `Вернуть «${row.name}» из архива?` : `Отправить «${row.name}» в архив?`,
      okText: row.archived ? 'Вернуть' : 'В архив',
      danger: !row.archived,
      run: () => archive.mutateAsync({ id: row.id, archive: !row.archived }),
      success: (item) => (item.archived ? 'Инфоповод в архиве' : 'Инфоповод возвращён из архива'),
      failure: 'Не удалось изменить архив',
    });
  const onToggleActive = (row: AdminInfoReasonItem) =>
    confirmAndRun({
      title: row.active ? `Деактивировать «${row.name}»?` : `Активировать «${row.name}»?`,
      okText: row.active ? 'Деактивировать' : 'Активировать',
      danger: row.active,
      run: () => deactivate.mutateAsync({ id: row.id, active: !row.active }),
      success: (item) => (item.active ? 'Инфоповод активен' : 'Инфоповод деактивирован'),
      failure: 'Не удалось изменить активность инфоповода',
    });
  const onClearTheme = () =>
    confirmAndRun({
      title: `Отвязать от тем выбранные инфоповоды (${selected.length})?`,
      content: 'Сообщения сохранят свою тему.',
      okText: 'Отвязать',
      run: () => clearTheme.mutateAsync(ids),
      success: (result) => `Отвязано от тем: ${result.updated}`,
      failure: 'Не удалось отвязать инфоповоды',
      onDone: clearSelection,
    });
  const onMassDeactivate = () =>
    confirmAndRun({
      title: `Деактивировать выбранные инфоповоды (${selected.length})?`,
      okText: 'Деактивировать',
      run: async () => {
        for (const id of ids) await deactivate.mutateAsync({ id, active: false });
      },
      success: () => 'Инфоповоды деактивированы',
      failure: 'Не удалось деактивировать инфоповоды',
      onDone: clearSelection,
    });

  return (
    <>
      <AdminListFilters state={state} patch={patch} searchPlaceholder="Поиск по названию инфоповода">
        <PickSelect
          kind="theme"
          placeholder="Тема"
          className="admin-dirs__theme-filter"
          value={state.theme ?? null}
          onChange={(id) => patch({ theme: id ?? undefined })}
        />
      </AdminListFilters>
      <div className="admin-dirs__toolbar">
        <span className="admin-dirs__muted">Выбрано: {selected.length}</span>
        <Button disabled={selected.length < 2} onClick={() => setMerging(true)}>
          Объединить
        </Button>
        <Button disabled={selected.length === 0} onClick={onClearTheme}>
          Отвязать от темы
        </Button>
        <Button disabled={selected.length === 0} onClick={() => setConverting(true)}>
          Преобразовать в тему
        </Button>
        <Button danger disabled={selected.length === 0} onClick={onMassDeactivate}>
          Деактивировать
        </Button>
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить инфоповоды"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <AdminInfoReasonsTable
          rows={list.data?.results}
          loading={list.isFetching}
          paging={{
            page: state.page,
            pageSize: ADMIN_LIST_PAGE_SIZE,
            total: list.data?.elements_count ?? 0,
            onPage: (page) => patch({ page }),
            withTotal: true,
          }}
          selected={ids}
          onSelect={setSelected}
          onSetTheme={setThemeOf}
          onArchive={onArchive}
          onToggleActive={onToggleActive}
        />
      )}
      <AdminMergeDialog
        open={merging}
        title="Объединить инфоповоды"
        items={selected}
        onCancel={() => setMerging(false)}
        onChoose={(target, others) => {
          setMerging(false);
          confirmAndRun({
            title: `Объединить ${others.length} инфоповод(а) в «${target.name}»?`,
            content: `Сообщения, фрагменты, цитаты и разметка перейдут в «${target.name}»; объединённые станут неактивными. Отменить нельзя.`,
            okText: 'Объединить',
            run: () => merge.mutateAsync({ target: target.id, queryset: others.map((row) => row.id) }),
            success: (result) =>
              `Объединено: ${result.merged.length}, перенесено сообщений: ${result.moved.messages}`,
            failure: 'Не удалось объединить инфоповоды',
            onDone: clearSelection,
          });
        }}
      />
      <ConvertDialog
        open={converting}
        names={selected.map((row) => row.name)}
        onCancel={() => setConverting(false)}
        onConvert={(includeMarkups) => {
          setConverting(false);
          confirmAndRun({
            title: `Преобразовать в темы выбранные инфоповоды (${selected.length})?`,
            content: includeMarkups
              ? 'Разметка сообщений будет перенесена в новые темы.'
              : 'Разметка не переносится.',
            okText: 'Преобразовать',
            run: () => convert.mutateAsync({ ids, includeMarkups }),
            success: (result) => `Создано тем: ${result.converted.length}`,
            failure: 'Не удалось преобразовать инфоповоды',
            onDone: clearSelection,
          });
        }}
      />
      <SetThemeDialog
        reason={themeOf}
        pending={setTheme.isPending}
        onCancel={() => setThemeOf(null)}
        onSet={(theme) => {
          const row = themeOf;
          setThemeOf(null);
          if (!row) return;
          confirmAndRun({
            title: `Привязать «${row.name}» к теме «${theme.name}»?`,
            okText: 'Привязать',
            danger: false,
            run: () => setTheme.mutateAsync({ id: row.id, theme: theme.id }),
            success: () => 'Тема инфоповода изменена',
            failure: 'Не удалось привязать инфоповод к теме',
          });
        }}
      />
    </>
  );
}
