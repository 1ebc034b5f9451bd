import { Button, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';

interface CreateMlgReportFormProps {
  pending: boolean;
  /** Creates the report; true clears the form. */
  onCreate: (reportId: number, title: string) => Promise<boolean>;
}

/** «Добавить отчёт»: a report number and an optional title. */
export function CreateMlgReportForm({ pending, onCreate }: CreateMlgReportFormProps) {
  const [reportId, setReportId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  return (
    <Space wrap>
      <InputNumber
        aria-label="Номер отчёта"
        placeholder="Номер отчёта"
        min={1}
        precision={0}
        value={reportId}
        onChange={(value) => setReportId(typeof value === 'number' ? value : null)}
        style={{ width: 160 }}
      />
      <Input
        aria-label="Название"
        placeholder="Название (необязательно)"
        value={title}
        maxLength={200}
        onChange={(event) => setTitle(event.target.value)}
        style={{ width: 260 }}
      />
      <Button
        type="primary"
        disabled={reportId === null}
        loading={pending}
        onClick={async () => {
          if (reportId !== null && (await onCreate(reportId, title))) {
            setReportId(null);
            setTitle('');
          }
        }}
      >
        Добавить отчёт
      </Button>
    </Space>
  );
}
