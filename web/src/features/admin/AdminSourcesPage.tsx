import './admin-loms.css';
import type { AdminLomSourceItem } from '@monitoring/contracts';
import { Button, Segmented, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  useAddLomToSource,
  useAddProbableLom,
  useAdminLomSources,
  useDeactivateSource,
  useLoadProbableLoms,
} from '../../api/admin-loms.ts';
import { formatCount } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { FeedsView } from './feeds/FeedsView.tsx';
import { FEEDS_TEXTS } from './feeds/texts.ts';
import { type FlagChoice, flagChoice, flagValue } from './sources/flag-options.ts';
import { LomPickDialog } from './sources/LomPickDialog.tsx';
import { SourcesTable } from './sources/SourcesTable.tsx';
import {
  parseSourcesUrl,
  SOURCES_PAGE_SIZE,
  SOURCES_VIEW_PARAM,
  sourcesQuery,
  sourcesUrlParams,
  sourcesViewOf,
} from './sources/sources-url.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Повторите попытку');

/**
 * /admin-panel/sources: the accounts of loms (binding them, candidates, deactivation), and «Сбор» (`view=collect`):
 * the feeds that collect their publications (issue 31).
 */
export function AdminSourcesPage() {
  usePageTitle(PAGE_TITLES['admin-panel-sources']);
  const [params, setParams] = useSearchParams();
  const view = sourcesViewOf(params);
  const viewSwitch = (
    <Segmented
      className="sources-view-switch"
      aria-label={FEEDS_TEXTS.viewSwitch}
      value={view}
      options={[
        { value: 'accounts', label: FEEDS_TEXTS.viewAccounts },
        { value: 'collect', label: FEEDS_TEXTS.viewCollect },
      ]}
      onChange={(next) => setParams(next === 'collect' ? { [SOURCES_VIEW_PARAM]: next } : {})}
    />
  );
  return view === 'collect' ? (
    <FeedsView title={PAGE_TITLES['admin-panel-sources']} viewSwitch={viewSwitch} />
  ) : (
    <AccountsView viewSwitch={viewSwitch} />
  );
}

/** The accounts of loms. */
function AccountsView({ viewSwitch }: { viewSwitch: ReactNode }) {
  const { message, modal } = useFeedback();
  const { state, patch } = useUrlState(parseSourcesUrl, sourcesUrlParams);
  const list = useAdminLomSources(sourcesQuery(state));
  const addLom = useAddLomToSource();
  const addProbable = useAddProbableLom();
  const deactivate = useDeactivateSource();
  const loadProbable = useLoadProbableLoms();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ kind: 'lom' | 'probable'; row: AdminLomSourceItem } | null>(null);
  const rows = list.data?.results;

  const fail = (title: string) => (error: unknown) => message.error(`${title}: ${errorText(error)}`);

  const confirmCandidates = (targets: AdminLomSourceItem[]) => {
    const ready = targets.filter((row) => row.probable_lom && !row.lom);
    if (ready.length === 0) {
      message.info('У выбранных аккаунтов нет вероятных ЛОМ без подтверждения');
      return;
    }
    modal.confirm({
      title: `Привязать ${formatCount(ready.length)} акк. к вероятным ЛОМ?`,
      content: 'Аккаунты и их сообщения перейдут к предложенным ЛОМ.',
      okText: 'Привязать',
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          for (const row of ready) {
            await addLom.mutateAsync({ id: row.id, lom: (row.probable_lom as { id: number }).id });
          }
          message.success('Вероятные ЛОМ подтверждены');
          setSelected([]);
        } catch (error) {
          fail('Не удалось подтвердить')(error);
        }
      },
    });
  };

  const deactivateSelected = () => {
    const targets = (rows ?? []).filter((row) => selected.includes(row.id) && row.is_active);
    modal.confirm({
      title: `Отключить ${formatCount(targets.length)} акк.?`,
      content: 'Отключённые аккаунты не учитываются в охвате ЛОМ.',
      okText: 'Отключить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          for (const row of targets) await deactivate.mutateAsync(row.id);
          message.success('Аккаунты отключены');
          setSelected([]);
        } catch (error) {
          fail('Не удалось отключить')(error);
        }
      },
    });
  };

  const runLoad = () =>
    loadProbable.mutate(undefined, {
      onSuccess: (result) =>
        message.success(
          `Проверено аккаунтов без ЛОМ: ${formatCount(result.checked)}, найдено вероятных ЛОМ: ${formatCount(result.proposed)}`,
        ),
      onError: fail('Не удалось подобрать вероятных ЛОМ'),
    });

  return (
    <section className="page admin-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['admin-panel-sources']}</PageHeading>
        <div className="page__actions">
          <Button type="primary" loading={loadProbable.isPending} onClick={runLoad}>
            Загрузить вероятных ЛОМ
          </Button>
        </div>
      </div>
      {viewSwitch}
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <div className="filters-panel__search">
            <SearchInput
              value={state.filter}
              placeholder="Адрес, имя аккаунта или ЛОМ"
              onSearch={(filter) => patch({ filter: filter ?? '' }, { replace: true })}
            />
          </div>
          <Segmented
            aria-label="ЛОМ"
            value={flagChoice(state.lomIsNull)}
            options={[
              { value: 'any', label: 'Все' },
              { value: 'yes', label: 'Без ЛОМ' },
              { value: 'no', label: 'С ЛОМ' },
            ]}
            onChange={(value) => patch({ lomIsNull: flagValue(value as FlagChoice) })}
          />
          <Segmented
            aria-label="Вероятный ЛОМ"
            value={flagChoice(state.probableIsNull === undefined ? undefined : !state.probableIsNull)}
            options={[
              { value: 'any', label: 'Любой' },
              { value: 'yes', label: 'Есть вероятный' },
              { value: 'no', label: 'Нет вероятного' },
            ]}
            onChange={(value) => {
              const has = flagValue(value as FlagChoice);
              patch({ probableIsNull: has === undefined ? undefined : !has });
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
              onClick={() => confirmCandidates((rows ?? []).filter((r) => selected.includes(r.id)))}
            >
              Подтвердить вероятных
            </Button>
            <Button size="small" danger onClick={deactivateSelected}>
              Отключить выбранные
            </Button>
          </Space>
        ) : null}
      </div>
      {list.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить аккаунты"
          error={list.error}
          onRetry={() => list.refetch()}
        />
      ) : (
        <SourcesTable
          rows={rows}
          loading={list.isFetching}
          paging={{
            page: state.page,
            pageSize: SOURCES_PAGE_SIZE,
            total: list.data?.elements_count ?? 0,
            onPage: (page) => patch({ page }),
          }}
          selected={selected}
          onSelect={setSelected}
          onAddLom={(row) => setDialog({ kind: 'lom', row })}
          onAddProbable={(row) => setDialog({ kind: 'probable', row })}
          onConfirm={(row) => confirmCandidates([row])}
          onDeactivate={(row) =>
            deactivate.mutate(row.id, {
              onSuccess: () => message.success('Аккаунт отключён'),
              onError: fail('Не удалось отключить аккаунт'),
            })
          }
        />
      )}
      <LomPickDialog
        open={dialog !== null}
        title={dialog?.kind === 'probable' ? 'Вероятный ЛОМ аккаунта' : 'ЛОМ аккаунта'}
        okText={dialog?.kind === 'probable' ? 'Указать' : 'Привязать'}
        pending={addLom.isPending || addProbable.isPending}
        onClose={() => setDialog(null)}
        onPick={async (lom) => {
          if (!dialog) return false;
          const mutation = dialog.kind === 'probable' ? addProbable : addLom;
          try {
            await mutation.mutateAsync({ id: dialog.row.id, lom });
            message.success(dialog.kind === 'probable' ? 'Вероятный ЛОМ указан' : 'Аккаунт привязан к ЛОМ');
            return true;
          } catch (error) {
            fail('Не удалось сохранить')(error);
            return false;
          }
        }}
      />
    </section>
  );
}
