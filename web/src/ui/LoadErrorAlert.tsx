import { Alert, Button } from 'antd';

interface LoadErrorAlertProps {
  /** «Не удалось загрузить темы». */
  title: string;
  /** The query's error: its message goes under the title. */
  error: unknown;
  onRetry: () => void;
}

/** A list or a chart that could not load: what failed, the server's reason and «Повторить». */
export function LoadErrorAlert({ title, error, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error instanceof Error ? error.message : undefined}
      action={
        <Button size="small" onClick={onRetry}>
          Повторить
        </Button>
      }
    />
  );
}
