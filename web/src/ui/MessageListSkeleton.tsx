import './message-list.css';
import { Skeleton } from 'antd';

/** A message list while its first page (or its code) loads: three cards' worth of skeleton. */
export function MessageListSkeleton() {
  return (
    <div className="message-list" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} active avatar={false} paragraph={{ rows: 3 }} className="message-card" />
      ))}
    </div>
  );
}
