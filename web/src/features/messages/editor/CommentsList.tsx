import { LikeOutlined } from '@ant-design/icons';
import { Card, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useMessageComments } from '../../../api/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { MoodTag } from '../../../ui/MoodTag.tsx';

/**
 * The comments collected under the message, 25 a page (§9), in their own card.
 * The card counts the comments the list holds; the platform's own count of the
 * message (comments_count) is a metric of the header and may be far larger.
 */
export function CommentsList({ messageId }: { messageId: number }) {
  const [page, setPage] = useState(1);
  const comments = useMessageComments(messageId, page);
  const data = comments.data;
  const title = data ? `Комментарии (${data.elements_count})` : 'Комментарии';
  const body = () => {
    if (comments.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
    if (!data || data.results.length === 0) {
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Комментариев нет" />;
    }
    return (
      <div className="comments">
        {data.results.map((comment) => (
          <div className="comment" key={comment.id}>
            <div className="comment__head">
              <strong>{comment.author_name}</strong>
              <span className="muted">{formatDateTime(comment.wrote_at)}</span>
              <span className="muted">
                <LikeOutlined /> {comment.likes}
              </span>
              {comment.mood !== null ? <MoodTag mood={comment.mood} /> : null}
            </div>
            <p className="comment__text">{comment.text}</p>
          </div>
        ))}
        <Pagination
          size="small"
          current={page}
          pageSize={25}
          total={data.elements_count}
          onChange={setPage}
          hideOnSinglePage
          showSizeChanger={false}
        />
      </div>
    );
  };
  return (
    <Card title={title} size="small">
      {body()}
    </Card>
  );
}
