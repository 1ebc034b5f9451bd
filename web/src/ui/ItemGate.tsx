import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error.ts';

export interface ItemGateTexts {
  /** «Тема не найдена». */
  missing: string;
  /** «Не удалось загрузить тему». */
  failed: string;
  /** The link back to the list: «К списку тем». */
  back: string;
  backTo: string;
}

interface ItemGateProps<T> {
  /** False when the URL's id cannot be an id: the item is missing without asking. */
  validId: boolean;
  query: { data: T | undefined; isError: boolean; isPending: boolean; error: unknown };
  texts: ItemGateTexts;
  /** Skeleton rows while loading. */
  rows: number;
  children: (item: T) => ReactNode;
}

/** An item loaded by the id of the URL: 404 or the error with a link back, a skeleton, then the item. */
export function ItemGate<T>({ validId, query, texts, rows, children }: ItemGateProps<T>) {
  if (!validId || query.isError) {
    const missing = !query.isError || (isApiError(query.error) && query.error.status === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? texts.missing : texts.failed}
        subTitle={missing || !(query.error instanceof Error) ? undefined : query.error.message}
        extra={<Link to={texts.backTo}>{texts.back}</Link>}
      />
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <section className="page" aria-busy="true">
        <Skeleton active paragraph={{ rows }} />
      </section>
    );
  }
  return children(query.data);
}
