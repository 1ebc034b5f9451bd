import { DownloadOutlined } from '@ant-design/icons';
import type { MessageFilterParams } from '@monitoring/contracts';
import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { reportQuery } from '../../api/report-query.ts';
import type { ReportRequest } from '../../ui/ReportDownloadDialog.tsx';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import { TEXTS } from './texts.ts';

// Loaded when a report is first chosen: the dialog (Modal, Progress) is not on the first screen.
const ReportDownloadDialog = lazy(() =>
  import('../../ui/ReportDownloadDialog.tsx').then((module) => ({ default: module.ReportDownloadDialog })),
);

const REPORTS: { key: ReportRequest['kind']; label: string; name: string }[] = [
  { key: 'xlsx', label: 'Excel: список сообщений', name: 'messages.xlsx' },
  { key: 'report', label: 'Excel: сводка и сообщения', name: 'report.xlsx' },
  { key: 'word-report', label: 'Word: отчёт', name: 'report.docx' },
  { key: 'word-popular-report', label: 'Word: популярные сообщения', name: 'popular.docx' },
];

/** The message reports of the filter on screen (api.md §7.8), each estimated before it downloads. */
export function ReportMenu({ filter }: { filter: MessageFilterParams }) {
  const [request, setRequest] = useState<ReportRequest | null>(null);
  const dialogMounted = useOpenedOnce(request !== null);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: REPORTS.map(({ key, label }) => ({ key, label })),
          onClick: ({ key }) => {
            const report = REPORTS.find((item) => item.key === key);
            if (report) {
              setRequest({
                kind: report.key,
                title: report.label,
                query: reportQuery(filter),
                fallbackName: report.name,
              });
            }
          },
        }}
      >
        <Button icon={<DownloadOutlined />}>{TEXTS.reports}</Button>
      </Dropdown>
      {dialogMounted ? (
        <Suspense fallback={null}>
          <ReportDownloadDialog request={request} onClose={() => setRequest(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
