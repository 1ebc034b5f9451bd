import './social-panel.css';
import { Card, Pagination, Select, Skeleton, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useSocialPanel, useSocialPanels } from '../../api/social-panel.ts';
import { formatCount } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { NotFoundPage } from '../../ui/NotFoundPage.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PanelCharts } from './PanelCharts.tsx';
import { messagesLink, PanelistsCard, PanelLomsCard } from './PanelPeople.tsx';
import { PanelViralLink } from './PanelViralLink.tsx';
import { badPanelParam, type PanelPageState, readPanelUrl, todayPeriod, writePanelUrl } from './panel-url.ts';
import { SOCIAL_PANEL_TEXTS as T } from './texts.ts';

const merge = (state: PanelPageState, change: Partial<PanelPageState>): PanelPageState => ({
  ...state,
  ...change,
  // A new group or list page starts from its own first panel.
  panel:
    'panel' in change ? change.panel : change.group !== undefined || change.page ? undefined : state.panel,
  page: change.page ?? ('group' in change ? 1 : state.page),
});

/** /social-panel: the panels (12 a page, by group) and the chosen panel's charts. */
export function SocialPanelPage() {
  usePageTitle(PAGE_TITLES['social-panel']);
  const [params] = useSearchParams();
  const { state, patch } = useUrlState(readPanelUrl, writePanelUrl, merge);
  const list = useSocialPanels(state.page, state.group);
  const panelId = state.panel ?? list.data?.results[0]?.id;
  const panel = useSocialPanel(panelId);

  if (badPanelParam(params) || (isApiError(panel.error) && panel.error.status === 404))
    return <NotFoundPage />;

  const panels = list.data?.results ?? [];
  return (
    <section className="page social-panel">
      <PageHeading>{PAGE_TITLES['social-panel']}</PageHeading>
      <div className="social-panel__toolbar">
        <Select
          aria-label={T.group}
          className="social-panel__group"
          value={state.group ?? 0}
          onChange={(value: number) => patch({ group: value === 0 ? undefined : value })}
          options={[
            { value: 0, label: T.allGroups },
            ...(list.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
        <PeriodPicker
          allowClear={false}
          value={state.period}
          onChange={(value) => {
            const fallback = todayPeriod();
            patch({
              period: { after: value.after ?? fallback.after, before: value.before ?? fallback.before },
            });
          }}
        />
        <span className="muted">{T.asOf}</span>
      </div>
      {list.isError ? (
        <LoadErrorAlert title={T.listFailed} error={list.error} onRetry={() => list.refetch()} />
      ) : null}
      <div className="social-panel__layout">
        <Card size="small" title={T.panels} className="social-panel__list" loading={list.isPending}>
          {panels.length === 0 ? <p className="muted">{T.noPanels}</p> : null}
          <ul aria-label={T.panels}>
            {panels.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  aria-pressed={p.id === panelId}
                  className={
                    p.id === panelId ? 'social-panel__item social-panel__item--active' : 'social-panel__item'
                  }
                  onClick={() => patch({ panel: p.id })}
                >
                  <span className="social-panel__name">{p.name}</span>
                  <span className="muted">
                    {formatCount(p.panelists_count)} {T.panelists} · {p.group?.name ?? ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {(list.data?.last_page ?? 1) > 1 ? (
            <Pagination
              size="small"
              current={state.page}
              pageSize={12}
              total={list.data?.elements_count ?? 0}
              onChange={(page) => patch({ page })}
              showSizeChanger={false}
            />
          ) : null}
        </Card>
        <div className="social-panel__body">
          {panelId === undefined ? null : panel.data ? (
            <>
              <div className="social-panel__head">
                <h2 data-testid="panel-name">{panel.data.name}</h2>
                {panel.data.group ? <Tag>{panel.data.group.name}</Tag> : null}
                <span>
                  {formatCount(panel.data.panelists_count)} {T.panelists}
                </span>
                <Link to={messagesLink({ soc_panel: panel.data.id }, state.period)}>{T.messagesOfPanel}</Link>
                <PanelViralLink key={`viral-${panelId}`} panelId={panelId} period={state.period} />
              </div>
              <PanelCharts key={panelId} panelId={panelId} period={state.period} />
              <div className="social-panel__people">
                <PanelistsCard key={`people-${panelId}`} panelId={panelId} period={state.period} />
                <PanelLomsCard key={`loms-${panelId}`} panelId={panelId} />
              </div>
            </>
          ) : panel.isError ? (
            <LoadErrorAlert title={T.chartsFailed} error={panel.error} onRetry={() => panel.refetch()} />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </div>
      </div>
    </section>
  );
}
