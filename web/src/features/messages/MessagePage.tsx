import { Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useMessageDetail } from '../../api/messages.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { MessageEditor } from './editor/MessageEditor.tsx';
import './messages.css';

/** /messages/{id}: the message editor. */
export function MessagePage() {
  const id = Number(useParams().id);
  usePageTitle(`${PAGE_TITLES['messages-id']} ${id}`);
  const detail = useMessageDetail(id);
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
      <MessageEditor message={detail.data} />
    </section>
  );
}
