import { canOpenPage, type MessageDetail } from '@monitoring/contracts';
import { Card } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../../api/useCan.ts';

/** The news item the message reports (messages.news_id), as a link for those who may open /news/{id}. */
export function NewsLink({ message }: { message: Pick<MessageDetail, 'news_id'> }) {
  const can = useCan();
  if (message.news_id === null || !canOpenPage('news-id', can)) return null;
  return (
    <Card title="Новость" size="small" data-testid="message-news">
      Сообщение входит в <Link to={`/news/${message.news_id}`}>новость № {message.news_id}</Link>
    </Card>
  );
}
