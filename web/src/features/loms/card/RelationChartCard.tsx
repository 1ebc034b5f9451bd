import { Alert, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

interface RelationChartCardProps {
  title: string;
  /** Nothing yet to show: the first answer is on its way. */
  pending: boolean;
  error: Error | null;
  errorTitle: string;
  /** The answer came and holds nothing to draw. */
  empty: boolean;
  emptyText: string;
  /** The previous answer is on screen while the next loads. */
  stale?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}

/** A chart of the card's groups, relations, rubrics and involvements tabs, with its loading, error and empty states. */
export function RelationChartCard({
  title,
  pending,
  error,
  errorTitle,
  empty,
  emptyText,
  stale = false,
  extra,
  children,
}: RelationChartCardProps) {
  let body: ReactNode;
  if (pending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (error) body = <Alert type="error" showIcon title={errorTitle} description={error.message} />;
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  else body = <div className={stale ? 'lom-relations__stale' : undefined}>{children}</div>;
  return (
    <Card size="small" title={title} extra={extra} className="lom-relations__card">
      {body}
    </Card>
  );
}
