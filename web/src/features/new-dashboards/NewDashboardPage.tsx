import {
  type ChartParameters,
  NEW_DASHBOARD_CHART_TITLES,
  NEW_DASHBOARD_CHARTS,
  type NewDashboardChart,
} from '@monitoring/contracts';
import { Button, Col, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useNewDashboard } from '../../api/new-dashboards.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ChartCard } from './ChartCard.tsx';
import type { ChartImageHandle } from './DashboardChartCanvas.tsx';
import { DashboardSettingsDialog } from './DashboardSettingsDialog.tsx';
import { type ReportChartSource, ReportDialog } from './ReportDialog.tsx';
import { ND_TEXTS } from './texts.ts';

/** /new-dashboards/{id}: the eight charts, each with its own controls, and the report made of them. */
export function NewDashboardPage() {
  const id = Number(useParams().id);
  const dashboard = useNewDashboard(id);
  usePageTitle(dashboard.data?.name ?? PAGE_TITLES['new-dashboards-id']);
  const handles = useRef(
    new Map<NewDashboardChart, { handle: ChartImageHandle | null; parameters: ChartParameters }>(),
  );
  const onHandle = useCallback(
    (chart: NewDashboardChart, handle: ChartImageHandle | null, parameters: ChartParameters) => {
      handles.current.set(chart, { handle, parameters });
    },
    [],
  );
  const [settings, setSettings] = useState(false);
  const [report, setReport] = useState(false);

  if (dashboard.error)
    return (
      <LoadErrorAlert
        title="Не удалось загрузить дашборд"
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
      />
    );
  const item = dashboard.data;
  const sources = (): ReportChartSource[] =>
    NEW_DASHBOARD_CHARTS.map((chart) => ({
      chart,
      name: NEW_DASHBOARD_CHART_TITLES[chart],
      handle: handles.current.get(chart)?.handle ?? null,
      parameters: handles.current.get(chart)?.parameters ?? {},
    }));

  return (
    <div className="page">
      <PageHeading>{item?.name ?? PAGE_TITLES['new-dashboards-id']}</PageHeading>
      {item && (
        <Space direction="vertical" size={4} style={{ marginBottom: 16, width: '100%' }}>
          {item.filters_text.map((line) => (
            <Typography.Text key={line.label}>
              <b>{line.label}:</b> {line.value}
            </Typography.Text>
          ))}
          <div>
            <b>{ND_TEXTS.lomGroups}:</b>{' '}
            {item.lom_groups.length === 0
              ? ND_TEXTS.allLoms
              : item.lom_groups.map((g) => <Tag key={g.id}>{g.title}</Tag>)}
          </div>
          <Space>
            <Button onClick={() => setSettings(true)}>{ND_TEXTS.settingsEdit}</Button>
            <Button type="primary" onClick={() => setReport(true)}>
              {ND_TEXTS.makeReport}
            </Button>
          </Space>
        </Space>
      )}
      {item && (
        <Row gutter={[16, 16]} key={item.updated_at}>
          {NEW_DASHBOARD_CHARTS.map((chart) => (
            <Col key={chart} xs={24} xl={12}>
              <ChartCard dashboardId={id} chart={chart} groups={item.lom_groups} onHandle={onHandle} />
            </Col>
          ))}
        </Row>
      )}
      {item && (
        <DashboardSettingsDialog open={settings} dashboard={item} onClose={() => setSettings(false)} />
      )}
      {item && (
        <ReportDialog open={report} dashboard={item} sources={sources} onClose={() => setReport(false)} />
      )}
    </div>
  );
}
