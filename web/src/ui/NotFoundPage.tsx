import { ERROR_PAGE_BACK_LINK, NOT_FOUND_TEXT } from '@monitoring/contracts';
import { Result } from 'antd';
import { Link } from 'react-router';
import { NOT_FOUND_TITLE } from '../lib/page-titles.ts';
import { usePageTitle } from './usePageTitle.ts';

export const NOT_FOUND_STATUS = 404;

/**
 * Unknown pages and failed validity checks (product.md §2): a Russian title over the spec's status line
 * («404 This page could not be found», code and text as on the error page).
 */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Result
      className="error-page"
      status="404"
      title={<h1 className="error-page__title">{NOT_FOUND_TITLE}</h1>}
      subTitle={
        <p className="error-page__status" data-testid="error-status">
          {`${NOT_FOUND_STATUS} ${NOT_FOUND_TEXT}`}
        </p>
      }
      extra={<Link to="/">{ERROR_PAGE_BACK_LINK}</Link>}
    />
  );
}
