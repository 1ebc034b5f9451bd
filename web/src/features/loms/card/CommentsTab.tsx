import './lom-content.css';
import { LikeOutlined, LinkOutlined } from '@ant-design/icons';
import { LOM_COMMENTS_PAGE_SIZE, type LomCommentItem } from '@monitoring/contracts';
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { useLomComments } from '../../../api/lom-content.ts';
import { formatDateTime, formatExact } from '../../../lib/format.ts';
import { MoodTag } from '../../../ui/MoodTag.tsx';
import { SafeMessageText } from '../../../ui/SafeMessageText.tsx';
import { COMMENT_FORMS, CONTENT_TEXTS } from './content-texts.ts';
import { PagedTabList } from './PagedTabList.tsx';
import type { LomTabProps } from './types.ts';
import { useTabPage } from './useTabPage.ts';

const MESSAGE_EXCERPT = 160;

function CommentRow({ comment }: { comment: LomCommentItem }) {
  return (
    <article className="lom-comment" data-comment-id={comment.id}>
      <header className="lom-comment__head">
        <strong>{comment.author_name}</strong>
        <span className="muted">{formatDateTime(comment.wrote_at)}</span>
        <Tooltip title={CONTENT_TEXTS.commentLikes}>
          <span className="muted">
            <LikeOutlined /> {formatExact(comment.likes)}
          </span>
        </Tooltip>
        {comment.mood !== null ? <MoodTag mood={comment.mood} /> : null}
      </header>
      {/* Readers' text is shown as text: React escapes it, nothing is parsed as HTML. */}
      <p className="lom-comment__text">{comment.text}</p>
      <Link to={`/messages/${comment.message.id}`} className="lom-comment__message">
        <LinkOutlined /> {CONTENT_TEXTS.commentUnder} {formatDateTime(comment.message.wrote_at)}
        <SafeMessageText text={comment.message.text} maxLength={MESSAGE_EXCERPT} className="muted" />
      </Link>
    </article>
  );
}

/** «Комментарии»: readers' comments under the lom's publications of the period, 25 a page, newest first. */
export function CommentsTab({ lom, period }: LomTabProps) {
  const [page, setPage] = useTabPage('comments_page');
  const list = useLomComments(lom.id, period, page);
  return (
    <div className="lom-content">
      <PagedTabList
        query={list}
        page={page}
        onPage={setPage}
        pageSize={LOM_COMMENTS_PAGE_SIZE}
        forms={COMMENT_FORMS}
        empty={CONTENT_TEXTS.commentsEmpty}
        className="lom-content__comments"
        itemKey={(comment) => comment.id}
        renderItem={(comment) => <CommentRow comment={comment} />}
      />
    </div>
  );
}
