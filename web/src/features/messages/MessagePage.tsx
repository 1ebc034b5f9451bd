import { Result, Skeleton } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useMessageDetail, useMessageHighlight } from '../../api/messages.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { checkSearchQuery } from '../../lib/search-query-check.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { MessageEditor } from './editor/MessageEditor.tsx';
import './messages.css';

/** The search of the list the message was opened from (`?search=`), when it is one the server takes. */
function listSearch(params: URLSearchParams): string | undefined {
  const checked = checkSearchQuery(params.get('search') ?? '');
  return checked.ok ? checked.search : undefined;
}

/** /messages/{id}: the message editor; opened from a searched list, with what the search found marked. */
export function MessagePage() {
  const id = Number(useParams().id);
  usePageTitle(`${PAGE_TITLES['messages-id']} ${id}`);
  const detail = useMessageDetail(id);
  const highlight = useMessageHighlight(id, listSearch(useSearchParams()[0]));
  if (detail.isPending) {
    return (
      <section className="page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? 'Сообщение не найдено' : 'Не удалось загрузить сообщение'}
        subTitle={missing ? undefined : detail.error.message}
        extra={<Link to="/messages">К списку сообщений</Link>}
      />
    );
  }
  return (
    <section className="page">
      <MessageEditor message={detail.data} highlightedText={highlight.data} />
    </section>
  );
}
