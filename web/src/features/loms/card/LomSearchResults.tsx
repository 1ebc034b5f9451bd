import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { LOM_TAB_PAGE_SIZE } from '@monitoring/contracts';
import { Alert, Button, Card, Empty, Pagination, Skeleton, Tooltip } from 'antd';
import { useLomSearchResults, useRefreshSearchResults } from '../../../api/lom-content.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { CONTENT_TEXTS } from './content-texts.ts';
import { useTabPage } from './useTabPage.ts';

/**
 * The stored web search results about the lom (search-results/). No search provider is
 * connected: «Обновить» re-reads the stored results and stamps the time (docs/lom-content.md).
 */
export function LomSearchResults({ lomId }: { lomId: number }) {
  const [page, setPage] = useTabPage('search_page');
  const results = useLomSearchResults(lomId, page);
  const refresh = useRefreshSearchResults(lomId, page);
  const data = results.data;

  const extra = (
    <span className="lom-search__extra">
      <span className="muted">
        {data?.cached_at ? CONTENT_TEXTS.searchCachedAt(formatDateTime(data.cached_at)) : null}
        {data && !data.cached_at ? CONTENT_TEXTS.searchNeverCached : null}
      </span>
      <Tooltip title={CONTENT_TEXTS.searchRefreshHint}>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={refresh.isPending}
          disabled={results.isPending}
          onClick={() => refresh.mutate()}
        >
          {CONTENT_TEXTS.searchRefresh}
        </Button>
      </Tooltip>
    </span>
  );

  const body = () => {
    if (results.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (results.isError && !data) {
      return (
        <Alert type="error" showIcon title={CONTENT_TEXTS.searchError} description={results.error.message} />
      );
    }
    if (!data || data.elements_count === 0) {
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={CONTENT_TEXTS.searchEmpty} />;
    }
    return (
      <>
        <ul className={results.isPlaceholderData ? 'lom-search lom-content__items--stale' : 'lom-search'}>
          {data.results.map((item) => {
            const url = safeExternalUrl(item.url);
            return (
              <li key={item.id} className="lom-search__item">
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer" className="lom-search__title">
                    {item.title} <LinkOutlined />
                  </a>
                ) : (
                  <span className="lom-search__title">{item.title}</span>
                )}
                <p className="lom-search__text">{item.text}</p>
                <span className="muted">{CONTENT_TEXTS.searchUpdated(formatDate(item.updated_at))}</span>
              </li>
            );
          })}
        </ul>
        <Pagination
          size="small"
          current={page}
          pageSize={LOM_TAB_PAGE_SIZE}
          total={data.elements_count}
          onChange={setPage}
          hideOnSinglePage
          showSizeChanger={false}
        />
      </>
    );
  };

  return (
    <Card size="small" title={CONTENT_TEXTS.searchTitle} extra={extra} className="lom-content__search">
      {refresh.isError ? (
        <Alert
          type="error"
          showIcon
          className="lom-content__alert"
          title={CONTENT_TEXTS.searchRefreshError}
          description={refresh.error.message}
        />
      ) : null}
      {body()}
    </Card>
  );
}
