import {
  type ChartParameters,
  formatDateRu,
  type NewDashboardChart,
  type NewDashboardItem,
} from '@monitoring/contracts';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { type ReportChartImage, useCreateDashboardReport } from '../../api/new-dashboards.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import type { ChartImageHandle } from './DashboardChartCanvas.tsx';
import { ND_TEXTS } from './texts.ts';

export interface ReportChartSource {
  chart: NewDashboardChart;
  name: string;
  handle: ChartImageHandle | null;
  parameters: ChartParameters;
}

interface Props {
  open: boolean;
  dashboard: NewDashboardItem;
  /** Asked when the report is made: the charts as they are drawn then. */
  sources: () => ReportChartSource[];
  onClose: () => void;
}

/** «Сформировать отчёт»: each chart's picture goes to the server, which builds the Word file in /reports. */
export function ReportDialog({ open, dashboard, sources, onClose }: Props) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateDashboardReport();
  const [sent, setSent] = useState(false);

  const finish = async ({ name }: { name: string }) => {
    const charts: ReportChartImage[] = [];
    for (const source of sources()) {
      const image = await source.handle?.png();
      if (image)
        charts.push({ name: source.name, chart: source.chart, parameters: source.parameters, image });
    }
    create.mutate(
      { id: dashboard.id, name, charts },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          if (isApiError(error)) form.setFields([{ name: 'name', errors: [error.message] }]);
        },
      },
    );
  };

  const close = () => {
    setSent(false);
    onClose();
  };

  return (
    <FormDialog<{ name: string }>
      open={open}
      title={ND_TEXTS.makeReport}
      okText={ND_TEXTS.makeReport}
      onClose={close}
      pending={create.isPending}
      form={form}
      initialValues={{ name: `${dashboard.name} — ${formatDateRu(new Date())}` }}
      onFinish={finish}
      description={
        sent ? (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            message={ND_TEXTS.reportSent}
            description={<Link to={'/reports'}>{ND_TEXTS.toReports}</Link>}
          />
        ) : null
      }
    >
      <Form.Item
        name="name"
        label={ND_TEXTS.reportName}
        rules={[{ required: true, whitespace: true, message: 'Введите название' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
