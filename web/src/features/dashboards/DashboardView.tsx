import './dashboards.css';
import { DownloadOutlined, TeamOutlined } from '@ant-design/icons';
import {
  apiPath,
  DASHBOARD_LIST_LABELS,
  DASHBOARD_LIST_TYPES,
  DASHBOARD_LOM_PAGE_SIZE,
  DASHBOARD_PATHS,
  DASHBOARD_RANGE_STEPS,
  type DashboardListType,
  type DashboardRangeStep,
} from '@monitoring/contracts';
import { Alert, Button, Card, Result, Segmented } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import {
  type DashboardRef,
  useConstantLomCount,
  useDashboardGraph,
  useDashboardList,
  useDashboardMoodTable,
} from '../../api/dashboards.ts';
import { halfYearPeriod } from '../../lib/day-period.ts';
import { formatCount } from '../../lib/format.ts';
import { EChart } from '../../ui/EChart.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { MoodTable } from '../../ui/MoodTable.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { ReportDownloadDialog, type ReportRequest } from '../../ui/ReportDownloadDialog.tsx';
import { graphOption, moodPieOption } from './chart-options.ts';
import { DashboardLomTable } from './DashboardLomTable.tsx';
import {
  type DashboardUrlState,
  graphQuery,
  listQuery,
  moodTableQuery,
  POOL_OPTIONS,
  periodQuery,
  RANGE_STEP_LABELS,
} from './dashboard-url.ts';

interface DashboardViewProps {
  dashboard: DashboardRef;
  /** The dashboard's name (the report file's fallback name). */
  name: string;
  state: DashboardUrlState;
  onPatch: (change: Partial<DashboardUrlState>) => void;
  /** The lom management page, when the user may open it. */
  lomsLink?: string;
  /** The pool «Постоянные ЛОМ» is named «ЛОМ сегмента» for rubrics (their lom_rubrics). */
  constantLabel?: string;
  /** The lists' heading and note (a rubric's loms are sorted by their dominant mood). */
  listsTitle?: string;
  listsNote?: string;
}

const LIST_EMPTY: Record<DashboardListType, string> = {
  positive: 'В списке позитивных ЛОМ пока никого нет',
  negative: 'В списке негативных ЛОМ пока никого нет',
  neutral: 'В списке нейтральных ЛОМ пока никого нет',
};

/**
 * One dashboard (product.md §2 "Theme dashboard"): period and pool, the mood table with
 * its conic chart, graph stats with the range step, and the three lists of constant loms
 * by tonality with their count. Theme, rubric and personal-theme dashboards share it.
 */
export function DashboardView({
  dashboard,
  name,
  state,
  onPatch,
  lomsLink,
  constantLabel,
  listsTitle = 'Постоянные ЛОМ',
  listsNote,
}: DashboardViewProps) {
  const moodTable = useDashboardMoodTable(dashboard, moodTableQuery(state));
  const graph = useDashboardGraph(dashboard, graphQuery(state));
  const count = useConstantLomCount(dashboard, periodQuery(state.period));
  const [report, setReport] = useState<ReportRequest | null>(null);

  const failed = moodTable.error ?? graph.error;
  if (isApiError(failed) && failed.status === 404) {
    return (
      <Result status="404" title="Дашборд не найден" extra={<Link to="/dashboards">К дашбордам</Link>} />
    );
  }

  const poolOptions = POOL_OPTIONS.map((option) =>
    option.value === '1' && constantLabel ? { ...option, label: constantLabel } : option,
  );

  return (
    <div className="dashboard-view">
      <section className="filters-panel" aria-label="Фильтры дашборда">
        <div className="filters-panel__row">
          <PeriodPicker
            value={state.period}
            allowClear={false}
            onChange={({ after, before }) => {
              const defaults = halfYearPeriod();
              onPatch({ period: { after: after ?? defaults.after, before: before ?? defaults.before } });
            }}
          />
          <Segmented
            aria-label="ЛОМ в расчёте"
            value={state.pool ? String(state.pool) : 'all'}
            options={poolOptions}
            onChange={(value) => onPatch({ pool: value === '1' ? 1 : value === '4' ? 4 : undefined })}
          />
          <div className="dashboard-view__actions">
            {lomsLink ? (
              <Link to={lomsLink}>
                <Button icon={<TeamOutlined />}>Управление ЛОМ</Button>
              </Link>
            ) : null}
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                setReport({
                  kind: 'report',
                  title: `Отчёт: ${name}`,
                  query: periodQuery(state.period),
                  fallbackName: `${name}.xlsx`,
                  paths: {
                    file: apiPath(DASHBOARD_PATHS[dashboard.kind].report, { id: dashboard.id }),
                    estimation: apiPath(DASHBOARD_PATHS[dashboard.kind].reportEstimation, {
                      id: dashboard.id,
                    }),
                  },
                })
              }
            >
              Скачать отчёт
            </Button>
          </div>
        </div>
      </section>

      {failed && !(isApiError(failed) && failed.status === 404) ? (
        <LoadErrorAlert
          title="Не удалось загрузить дашборд"
          error={failed}
          onRetry={() => {
            void moodTable.refetch();
            void graph.refetch();
          }}
        />
      ) : null}

      <div className="dashboard-view__moods">
        <MoodTable
          table={moodTable.data?.mood_table}
          total={moodTable.data?.total}
          loading={moodTable.isFetching}
          title="Тональность (проверенные сообщения)"
        />
        <Card size="small" title="Доли тональности" className="dashboard-view__pie">
          <EChart
            option={moodPieOption(moodTable.data?.mood_table)}
            height={260}
            label="Доли тональности"
            loading={moodTable.isLoading}
          />
        </Card>
      </div>

      <Card
        size="small"
        className="dashboard-view__graph"
        title="Динамика сообщений"
        extra={
          <Segmented<DashboardRangeStep>
            aria-label="Шаг графика"
            value={state.step}
            options={DASHBOARD_RANGE_STEPS.map((step) => ({ value: step, label: RANGE_STEP_LABELS[step] }))}
            onChange={(step) => onPatch({ step, pages: state.pages })}
          />
        }
      >
        <EChart
          option={graphOption(graph.data ?? [], state.step)}
          height={340}
          label="Динамика сообщений по тональности"
          loading={graph.isFetching}
        />
      </Card>

      <div className="dashboard-view__lists-head">
        <h2>{listsTitle}</h2>
        <span className="muted" aria-live="polite">
          {count.data
            ? `Всего: ${formatCount(count.data.total)} · позитивных ${formatCount(count.data.positive)}, негативных ${formatCount(count.data.negative)}, нейтральных ${formatCount(count.data.neutral)}`
            : null}
        </span>
        {listsNote ? <span className="muted">{listsNote}</span> : null}
      </div>
      <div className="dashboard-view__lists">
        {DASHBOARD_LIST_TYPES.map((type) => (
          <ListCard
            key={type}
            dashboard={dashboard}
            type={type}
            state={state}
            onPage={(page) => onPatch({ pages: { ...state.pages, [type]: page } })}
            extra={count.data ? formatCount(count.data[type]) : null}
          />
        ))}
      </div>

      <ReportDownloadDialog request={report} onClose={() => setReport(null)} />
    </div>
  );
}

function ListCard({
  dashboard,
  type,
  state,
  onPage,
  extra,
}: {
  dashboard: DashboardRef;
  type: DashboardListType;
  state: DashboardUrlState;
  onPage: (page: number) => void;
  extra: ReactNode;
}) {
  const list = useDashboardList(dashboard, type, listQuery(state, type, DASHBOARD_LOM_PAGE_SIZE));
  return (
    <Card
      size="small"
      title={`${DASHBOARD_LIST_LABELS[type]} ЛОМ`}
      extra={extra}
      className={`dashboard-list dashboard-list--${type}`}
    >
      {list.isError ? (
        <Alert type="error" showIcon message="Не удалось загрузить список" />
      ) : (
        <DashboardLomTable
          label={`${DASHBOARD_LIST_LABELS[type]} ЛОМ`}
          data={list.data}
          loading={list.isFetching}
          page={state.pages[type]}
          pageSize={DASHBOARD_LOM_PAGE_SIZE}
          onPageChange={onPage}
          emptyText={LIST_EMPTY[type]}
          tonality={type}
          compact
        />
      )}
    </Card>
  );
}
