import { LinkOutlined } from '@ant-design/icons';
import { LOM_FACT_KIND_LABELS, type LomFactKind } from '@monitoring/contracts';
import { Alert, Drawer, Skeleton, Typography } from 'antd';
import { useLomArticle } from '../../../api/lom-content.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { CONTENT_TEXTS } from './content-texts.ts';

interface FactArticleDrawerProps {
  /** The press archive's id of the article to show; null keeps the drawer closed. */
  articleId: number | null;
  onClose: () => void;
}

const kindLabel = (kind: number) => LOM_FACT_KIND_LABELS[kind as LomFactKind] ?? String(kind);

/** One article behind a fact (v2 articles/{id}/): its text, source and the facts it backs. */
export function FactArticleDrawer({ articleId, onClose }: FactArticleDrawerProps) {
  const article = useLomArticle(articleId);
  const data = article.data;
  const link = safeExternalUrl(data?.source_link);
  const body = () => {
    if (article.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (article.isError || !data) {
      return (
        <Alert
          type="error"
          showIcon
          title={CONTENT_TEXTS.articleError}
          description={article.error?.message}
        />
      );
    }
    return (
      <div className="lom-article">
        <p className="muted">
          {data.source_name} · {formatDateTime(data.wrote_at)}
          {link ? (
            <>
              {' · '}
              <a href={link} target="_blank" rel="noopener noreferrer">
                <LinkOutlined /> {CONTENT_TEXTS.articleSource}
              </a>
            </>
          ) : null}
        </p>
        {data.text ? (
          <Typography.Paragraph className="lom-article__text">{data.text}</Typography.Paragraph>
        ) : (
          <p className="muted">{CONTENT_TEXTS.articleEmptyText}</p>
        )}
        <h4>{CONTENT_TEXTS.articleFacts}</h4>
        <ul>
          {data.facts.map((fact) => (
            <li key={fact.id}>
              {kindLabel(fact.lom_fact_id)}: {fact.fact_name}, {formatDate(`${fact.date}T12:00:00+03:00`)} —{' '}
              {fact.lom.name}
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <Drawer
      open={articleId !== null}
      onClose={onClose}
      size="large"
      title={data?.headline ?? CONTENT_TEXTS.articleTitle}
      destroyOnHidden
    >
      {articleId !== null ? body() : null}
    </Drawer>
  );
}
