import './home.css';
import { Button, Empty, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useDailyDashboards } from '../../api/daily-dashboards.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { ReportControls } from '../../ui/report/ReportControls.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DailyDashboardTab } from './DailyDashboardTab.tsx';
import { DashboardSettingsDialog } from './DashboardSettingsDialog.tsx';
import { HOME_TEXTS } from './home-texts.ts';
import { type HomeUrlState, homeUrlParams, parseHomeUrl, weekPeriod } from './home-url.ts';

const merge = (state: HomeUrlState, change: Partial<HomeUrlState>): HomeUrlState => ({ ...state, ...change });

/**
 * The picture of the day (`/`, product.md §2–§3): the user's daily dashboards as tabs over a
 * period (the last 7 days by default), each with its numbers, mood table, dynamics and report
 * tables. The period, the tab and the sort live in the URL. docs/home.md.
 */
export function PictureOfDayPage() {
  usePageTitle(PAGE_TITLES.index);
  const { state, patch } = useUrlState<HomeUrlState>(parseHomeUrl, (s) => homeUrlParams(s), merge);
  const dashboards = useDailyDashboards();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = dashboards.data ?? [];
  const active = list.find((d) => d.id === state.tab) ?? list[0];

  return (
    <div className="home-page">
      <PageHeading>{PAGE_TITLES.index}</PageHeading>
      <ReportControls value={state} fallback={weekPeriod} onChange={patch}>
        <Button onClick={() => setSettingsOpen(true)}>{HOME_TEXTS.settings}</Button>
      </ReportControls>
      {dashboards.isError && (
        <LoadErrorAlert
          title="Не удалось загрузить дашборды"
          error={dashboards.error}
          onRetry={() => dashboards.refetch()}
        />
      )}
      {dashboards.isPending && <Spin />}
      {dashboards.isSuccess && list.length === 0 && (
        <Empty description={HOME_TEXTS.noDashboards}>
          <Button type="primary" onClick={() => setSettingsOpen(true)}>
            {HOME_TEXTS.settings}
          </Button>
        </Empty>
      )}
      {active && (
        <Tabs
          activeKey={String(active.id)}
          onChange={(key) => patch({ tab: Number(key) })}
          items={list.map((dashboard) => ({
            key: String(dashboard.id),
            label: dashboard.shortName,
            children:
              dashboard.id === active.id ? (
                <>
                  <p className="home-page__caption">{dashboard.name}</p>
                  <DailyDashboardTab dashboard={dashboard} period={state.period} ordering={state.ordering} />
                </>
              ) : null,
          }))}
        />
      )}
      <DashboardSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} dashboards={list} />
    </div>
  );
}
