import {
  DisconnectOutlined,
  InboxOutlined,
  PlusOutlined,
  SwapOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { Alert, Button, Space, Tabs } from 'antd';
import { useState } from 'react';
import {
  useInfoReasonList,
  useInfoReasonsMassArchive,
  useInfoReasonsThemeMassUpdate,
} from '../../api/info-reasons.ts';
import { useCan } from '../../api/useCan.ts';
import { themeMoveRights } from '../../lib/info-reason-view.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { InfoReasonTable } from '../../ui/info-reasons/InfoReasonTable.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { CreateInfoReasonDialog } from './CreateInfoReasonDialog.tsx';
import { MassAddToThemeDialog } from './MassAddToThemeDialog.tsx';
import { parseThemesUrl, themesUrlParams } from './themes-url.ts';

const PAGE_SIZE = 25;

/**
 * The «Инфоповоды» tab of /themes/info-reasons: «Активные» / «Архив», search and page in
 * the URL, and the bulk actions (archive, move to a theme, clear the theme, add to a theme
 * by name).
 */
export function InfoReasonsPanel() {
  const can = useCan();
  const { message } = useFeedback();
  const { state, patch } = useUrlState(parseThemesUrl, themesUrlParams);
  const list = useInfoReasonList({
    archived: state.archived,
    search: state.search || undefined,
    page: state.page,
    page_size: PAGE_SIZE,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'create' | 'add' | null>(null);
  const archive = useInfoReasonsMassArchive();
  const move = useInfoReasonsThemeMassUpdate();
  const rights = themeMoveRights(can);
  const canArchive = can('ARCHIVE_INFO_REASON');
  const bulk = canArchive || rights.put || rights.clear;
  const none = selected.length === 0;
  const done = (text: string) => {
    message.success(text);
    setSelected([]);
  };

  return (
    <>
      <div className="page__head">
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
        {can('EDIT_INFO_REASON') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('create')}>
            Создать инфоповод
          </Button>
        ) : null}
      </div>
      <section className="filters-panel" aria-label="Фильтры инфоповодов">
        <div className="filters-panel__row">
          <div className="filters-panel__search">
            <SearchInput
              value={state.search}
              placeholder="Поиск по названию инфоповода"
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
        </div>
      </section>

      {bulk ? (
        <div className="themes-page__bulk" role="toolbar" aria-label="Действия с отмеченными инфоповодами">
          <span className="themes-page__selected">
            {none ? 'Отметьте инфоповоды в таблице' : `Отмечено: ${selected.length}`}
          </span>
          <Space wrap>
            {canArchive ? (
              <Button
                icon={<InboxOutlined />}
                disabled={none}
                loading={archive.isPending}
                onClick={() =>
                  archive.mutate(
                    { ids: selected, archive: !state.archived },
                    {
                      onSuccess: ({ updated }) =>
                        done(
                          state.archived
                            ? `Возвращено из архива: ${updated}`
                            : `Отправлено в архив: ${updated}`,
                        ),
                    },
                  )
                }
              >
                {state.archived ? 'Из архива' : 'В архив'}
              </Button>
            ) : null}
            {rights.put ? (
              <Space.Compact>
                <PickSelect
                  kind="theme"
                  placeholder="Тема для переноса"
                  value={target}
                  onChange={setTarget}
                />
                <Button
                  icon={<SwapOutlined />}
                  disabled={none || target === null}
                  loading={move.isPending && move.variables?.theme !== null}
                  onClick={() =>
                    move.mutate(
                      { ids: selected, theme: target },
                      { onSuccess: ({ updated }) => done(`Перенесено в тему: ${updated}`) },
                    )
                  }
                >
                  Перенести в тему
                </Button>
              </Space.Compact>
            ) : null}
            {rights.clear ? (
              <Button
                icon={<DisconnectOutlined />}
                disabled={none}
                loading={move.isPending && move.variables?.theme === null}
                onClick={() =>
                  move.mutate(
                    { ids: selected, theme: null },
                    { onSuccess: ({ updated }) => done(`Тема убрана: ${updated}`) },
                  )
                }
              >
                Убрать тему
              </Button>
            ) : null}
            {rights.put ? (
              <Button icon={<TagsOutlined />} disabled={none} onClick={() => setDialog('add')}>
                В тему по названию
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}

      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title="Не удалось загрузить инфоповоды"
          description={list.error.message}
        />
      ) : null}
      <InfoReasonTable
        rows={list.data?.results ?? []}
        loading={list.isFetching}
        selected={bulk ? selected : undefined}
        onSelect={bulk ? (ids) => setSelected(ids) : undefined}
        emptyText={
          state.search
            ? 'Нет инфоповодов, подходящих под поиск'
            : state.archived
              ? 'В архиве нет инфоповодов'
              : 'Нет инфоповодов'
        }
        pagination={{
          page: state.page,
          pageSize: PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
        }}
      />

      <CreateInfoReasonDialog open={dialog === 'create'} onClose={() => setDialog(null)} />
      <MassAddToThemeDialog
        open={dialog === 'add'}
        onClose={() => setDialog(null)}
        ids={selected}
        onDone={done}
      />
    </>
  );
}
