import { ERROR_PAGE_BACK_LINK, ERROR_PAGE_TITLE, errorStatusLine } from '@monitoring/contracts';
import { Result, type ResultProps } from 'antd';
import { Link } from 'react-router';
import { usePageTitle } from './usePageTitle.ts';

function resultStatus(status: number): ResultProps['status'] {
  if (status === 403) return '403';
  if (status === 404) return '404';
  if (status >= 500) return '500';
  return 'error';
}

/** "Ошибка работы системы", the status line ('403 Forbidden') and the way home (api.md §8). */
export function ErrorPage({ status }: { status: number }) {
  usePageTitle(ERROR_PAGE_TITLE);
  return (
    <Result
      className="error-page"
      status={resultStatus(status)}
      title={<h1 className="error-page__title">{ERROR_PAGE_TITLE}</h1>}
      subTitle={
        <p className="error-page__status" data-testid="error-status">
          {errorStatusLine(status)}
        </p>
      }
      extra={<Link to="/">{ERROR_PAGE_BACK_LINK}</Link>}
    />
  );
}
