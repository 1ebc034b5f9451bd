import './feeds.css';
import { PlusOutlined } from '@ant-design/icons';
import { FEED_KIND_LABELS, FEED_KINDS, FEED_STATES, type Feed, type FeedState } from '@monitoring/contracts';
import { Button, Segmented, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { COLLECT_OWN_STATUSES, FEEDS_PAGE_SIZE, useFeeds, useFeedWrites } from '../../../api/feeds.ts';
import { notifyBadRequest } from '../../../api/mutation-errors.ts';
import { formatCount, formatExact } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/useUrlState.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { LoadErrorAlert } from '../../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../../ui/PageHeading.tsx';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { FeedDialog } from './FeedDialog.tsx';
import { FeedRunsDrawer } from './FeedRunsDrawer.tsx';
import { FeedsTable } from './FeedsTable.tsx';
import { collectCounts } from './feed-format.ts';
import { feedsFiltered, feedsQuery, feedsUrlParams, parseFeedsUrl } from './feeds-url.ts';
import { FEEDS_TEXTS as T } from './texts.ts';

const kindOptions = [
  { value: '', label: T.kindAll },
  ...FEED_KINDS.map((kind) => ({ value: kind, label: FEED_KIND_LABELS[kind] })),
];
const stateOptions = FEED_STATES.map((state) => ({ value: state, label: T.states[state] }));

interface FeedsViewProps {
  title: string;
  /** The switch between the page's views, under the heading. */
  viewSwitch: ReactNode;
}

/**
 * The «Сбор» view of /admin-panel/sources (issue 31, docs/collectors.md): the feeds the product collects, filtered
 * by kind, state and address or lom (all in the URL); each turned on or off, its interval changed, fetched now,
 * its log opened, edited or deleted.
 */
export function FeedsView({ title, viewSwitch }: FeedsViewProps) {
  const { message, modal, notification } = useFeedback();
  const { state, patch } = useUrlState(parseFeedsUrl, feedsUrlParams);
  const list = useFeeds(feedsQuery(state));
  const { update, remove, collect, fromSources } = useFeedWrites();
  const [edited, setEdited] = useState<{ feed: Feed | null } | null>(null);
  const [journal, setJournal] = useState<Feed | null>(null);
  // Several rows may be fetching at once; each button spins until its own run answers.
  const [collecting, setCollecting] = useState<readonly number[]>([]);
  const rows = list.data?.results;
  const bare = list.data !== undefined && list.data.elements_count === 0 && !feedsFiltered(state);

  // mutateAsync: each run's own promise answers, also when several rows are fetching at once.
  const runCollect = (feed: Feed) => {
    setCollecting((ids) => [...ids, feed.id]);
    collect
      .mutateAsync(feed.id)
      .then(
        (result) => {
          if (!result.error)
            notification.success({ title: T.collectDone, description: collectCounts(result) });
          else
            notification.error({
              title: T.collectFailed,
              description: result.fetched > 0 ? `${result.error}. ${collectCounts(result)}` : result.error,
            });
        },
        (error: unknown) => {
          // Any other failure is notified by the client's error policy.
          if (isApiError(error) && COLLECT_OWN_STATUSES.includes(error.status))
            notification.error({ title: T.collectFailed, description: error.message });
        },
      )
      .finally(() => setCollecting((ids) => ids.filter((id) => id !== feed.id)));
  };

  const createFromSources = () =>
    modal.confirm({
      title: T.fromSourcesConfirm,
      content: T.fromSourcesHint,
      okText: T.fromSourcesOk,
      cancelText: T.cancel,
      onOk: () =>
        fromSources.mutateAsync(undefined).then(
          (result) => {
            message.success(T.fromSourcesDone(formatExact(result.created), formatExact(result.checked)));
          },
          (error: unknown) => notifyBadRequest(T.fromSourcesFailed)(error),
        ),
    });

  const actions = (
    <>
      <Button loading={fromSources.isPending} onClick={createFromSources}>
        {T.fromSources}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdited({ feed: null })}>
        {T.add}
      </Button>
    </>
  );

  return (
    <section className="page admin-page feeds-view">
      <div className="page__head">
        <PageHeading>{title}</PageHeading>
        {bare ? null : <div className="page__actions">{actions}</div>}
      </div>
      {viewSwitch}
      <section className="filters-panel" aria-label="Фильтры">
        <div className="filters-panel__row">
          <div className="filters-panel__search">
            <SearchInput
              value={state.search}
              placeholder={T.searchPlaceholder}
              onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
            />
          </div>
          <Select
            className="feeds-view__kind"
            aria-label={T.kindFilter}
            value={state.kind ?? ''}
            options={kindOptions}
            onChange={(kind: string) => patch({ kind: FEED_KINDS.find((k) => k === kind) })}
          />
          <Segmented
            aria-label={T.stateFilter}
            value={state.state}
            options={stateOptions}
            onChange={(value) => patch({ state: value as FeedState })}
          />
        </div>
      </section>
      <div className="admin-page__bar" aria-live="polite">
        {list.data ? (
          <span>
            {T.found}: {formatCount(list.data.elements_count)}
          </span>
        ) : null}
      </div>
      {list.isError && !list.data ? (
        <LoadErrorAlert title={T.loadError} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <FeedsTable
          rows={rows}
          loading={list.isFetching}
          paging={
            list.data
              ? {
                  page: state.page,
                  pageSize: FEEDS_PAGE_SIZE,
                  total: list.data.elements_count,
                  onPage: (page) => patch({ page }),
                }
              : undefined
          }
          empty={
            bare ? (
              <div className="feeds-view__empty">
                <p className="feeds-view__empty-title">{T.empty}</p>
                <p className="admin-muted">{T.emptyHint}</p>
                <div className="feeds-view__empty-actions">{actions}</div>
              </div>
            ) : (
              T.emptyFiltered
            )
          }
          collecting={collecting}
          saving={update.isPending ? (update.variables?.id ?? null) : null}
          onToggle={(feed, enabled) =>
            update.mutate({ id: feed.id, body: { enabled } }, { onError: notifyBadRequest(T.switchFailed) })
          }
          onInterval={(feed, minutes) =>
            update.mutate(
              { id: feed.id, body: { interval_minutes: minutes } },
              { onError: notifyBadRequest(T.intervalFailed) },
            )
          }
          onCollect={runCollect}
          onRuns={setJournal}
          onEdit={(feed) => setEdited({ feed })}
          onDelete={(feed) =>
            remove.mutate(feed.id, {
              onSuccess: () => message.success(T.removed),
              onError: notifyBadRequest(T.removeFailed),
            })
          }
        />
      )}
      <FeedRunsDrawer feed={journal} onClose={() => setJournal(null)} />
      {edited ? <FeedDialog feed={edited.feed} onClose={() => setEdited(null)} /> : null}
    </section>
  );
}
