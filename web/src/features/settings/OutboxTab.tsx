import './settings.css';
import type { OutboxItem } from '@monitoring/contracts';
import { Alert, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useOutbox } from '../../api/settings.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

const PAGE_SIZE = 25;

const columns: TableColumnsType<OutboxItem> = [
  { key: 'created', title: 'Когда', width: 170, render: (_, row) => formatDateTime(row.created_at) },
  { key: 'to', title: 'Кому', width: 220, render: (_, row) => row.to },
  { key: 'subject', title: 'Тема', width: 220, render: (_, row) => row.subject },
  {
    key: 'body',
    title: 'Текст',
    render: (_, row) => (
      <Typography.Paragraph className="outbox__body" copyable={{ text: row.body }}>
        {row.body}
      </Typography.Paragraph>
    ),
  },
];

/** «Исходящая почта»: what the server kept instead of sending, because no SMTP_URL is set. */
export function OutboxTab() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="outbox__note"
        title="Без SMTP_URL письма не отправляются, а сохраняются здесь: передайте ссылку пользователю сами."
      />
      {outbox.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить исходящую почту"
          error={outbox.error}
          onRetry={() => outbox.refetch()}
        />
      ) : (
        <DataTable<OutboxItem>
          rowKey="id"
          columns={columns}
          rows={outbox.data?.results}
          loading={outbox.isFetching}
          paging={{ page, pageSize: PAGE_SIZE, total: outbox.data?.elements_count ?? 0, onPage: setPage }}
          empty="Писем нет"
        />
      )}
    </>
  );
}
