import './news.css';
import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { useNewsDetail, useNewsMessages } from '../../api/news.ts';
import { formatCount, formatDateTime, formatExact } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { safeExternalUrl } from '../../lib/safe-url.ts';
import { MessageListView } from '../../ui/MessageListView.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { NewsMoodTable } from './NewsMoodTable.tsx';

/**
 * /news/{id}: the story's text, its statistic and mood table, and its messages in the message
 * list (paged with «Показать ещё»). The router checked that the story exists (404 page if not).
 */
export function NewsItemPage() {
  const id = Number(useParams().id);
  const detail = useNewsDetail(id);
  const messages = useNewsMessages(id);
  usePageTitle(detail.data?.title ?? PAGE_TITLES['news-id']);

  if (detail.isPending || detail.isError) {
    return (
      <section className="page news-item">
        <div className="page__head">
          <PageHeading>{PAGE_TITLES['news-id']}</PageHeading>
        </div>
        {detail.isError ? (
          <Alert
            type="error"
            showIcon
            title="Не удалось загрузить новость"
            description={detail.error.message}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </section>
    );
  }
  const story = detail.data;
  const url = safeExternalUrl(story.url);
  return (
    <section className="page news-item">
      <div className="page__head">
        <PageHeading>{story.title}</PageHeading>
      </div>
      <Card size="small" className="news-item__stats">
        <p className="news-item__text">{story.text}</p>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="Опубликовано">{formatDateTime(story.wrote_at)}</Descriptions.Item>
          <Descriptions.Item label="Источник">
            {url ? (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {story.source_name ?? url}
              </a>
            ) : (
              (story.source_name ?? '—')
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Обновлено">{formatDateTime(story.updated_at)}</Descriptions.Item>
          <Descriptions.Item label="Сообщений">{formatExact(story.message_count)}</Descriptions.Item>
          <Descriptions.Item label="Si">{formatCount(story.total_si)}</Descriptions.Item>
          <Descriptions.Item label="Просмотры">{formatCount(story.total_views)}</Descriptions.Item>
        </Descriptions>
        <NewsMoodTable counts={story.mood_table} />
      </Card>
      <h2 className="news-item__messages">Сообщения новости</h2>
      <MessageListView query={messages} empty="У этой новости пока нет сообщений" />
    </section>
  );
}
