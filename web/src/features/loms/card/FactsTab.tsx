import './lom-content.css';
import { LinkOutlined } from '@ant-design/icons';
import type { LomFactArticle, LomFactGroup } from '@monitoring/contracts';
import { Alert, Button, Card, Empty, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useLomFacts } from '../../../api/lom-content.ts';
import { formatDate, formatExact } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { CONTENT_TEXTS } from './content-texts.ts';
import { FactArticleDrawer } from './FactArticleDrawer.tsx';
import { LomSearchResults } from './LomSearchResults.tsx';
import type { LomTabProps } from './types.ts';
import { useTabChoice } from './useTabChoice.ts';

const FACTS_SCOPES = ['all', 'period'] as const;
type FactsScope = (typeof FACTS_SCOPES)[number];
const SCOPE_PARAM = 'facts_scope';

/** A fact's day (YYYY-MM-DD) as 'DD MMMM YYYY'; noon keeps it on the same day in any zone. */
const factDay = (day: string) => formatDate(`${day}T12:00:00+03:00`);

function ArticleRow({ article, onOpen }: { article: LomFactArticle; onOpen: (articleId: number) => void }) {
  const link = safeExternalUrl(article.source_link);
  return (
    <li className="lom-fact__article">
      <Button
        type="link"
        className="lom-fact__headline"
        aria-label={CONTENT_TEXTS.articleOpen(article.headline)}
        onClick={() => onOpen(article.article_id)}
      >
        {article.headline}
      </Button>
      <span className="muted">
        {article.source_name} · {formatDate(article.wrote_at)}
      </span>
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer" aria-label={CONTENT_TEXTS.articleSource}>
          <LinkOutlined />
        </a>
      ) : null}
    </li>
  );
}

function FactGroupCard({ group, onOpen }: { group: LomFactGroup; onOpen: (articleId: number) => void }) {
  return (
    <Card
      size="small"
      className="lom-fact-group"
      data-fact-type={group.lom_fact_id}
      title={`${group.name} · ${formatExact(group.facts_count)}`}
    >
      {group.facts.length === 0 ? (
        <p className="muted">{CONTENT_TEXTS.factsTypeEmpty}</p>
      ) : (
        group.facts.map((fact) => (
          <section key={fact.fact_name} className="lom-fact">
            <h4 className="lom-fact__name">{fact.fact_name}</h4>
            {fact.dates.map((entry) => (
              <div key={entry.id} className="lom-fact__date">
                <span className="lom-fact__day">{factDay(entry.date)}</span>
                {entry.articles.length === 0 ? (
                  <span className="muted">{CONTENT_TEXTS.articlesNone}</span>
                ) : (
                  <ul className="lom-fact__articles">
                    {entry.articles.map((article) => (
                      <ArticleRow key={article.article_id} article={article} onOpen={onOpen} />
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </section>
        ))
      )}
    </Card>
  );
}

/**
 * «Факты»: protests, scandals and facts about the lom with the press articles behind them
 * (all time by default, or dated within the card's period), and the web search results.
 */
export function FactsTab({ lom, period }: LomTabProps) {
  const [scope, setScope] = useTabChoice<FactsScope>(SCOPE_PARAM, FACTS_SCOPES, 'all');
  const facts = useLomFacts(lom.id, scope === 'period' ? period : null);
  const [articleId, setArticleId] = useState<number | null>(null);

  const body = () => {
    if (facts.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
    if (facts.isError && !facts.data) {
      return (
        <Alert
          type="error"
          showIcon
          title={CONTENT_TEXTS.loadError}
          description={facts.error.message}
          action={
            <Button size="small" onClick={() => void facts.refetch()}>
              {CONTENT_TEXTS.retry}
            </Button>
          }
        />
      );
    }
    const groups = facts.data ?? [];
    if (groups.every((group) => group.facts_count === 0)) {
      return <Empty className="lom-content__empty" description={CONTENT_TEXTS.factsEmpty} />;
    }
    return (
      <div className={facts.isPlaceholderData ? 'lom-facts lom-content__items--stale' : 'lom-facts'}>
        {groups.map((group) => (
          <FactGroupCard key={group.lom_fact_id} group={group} onOpen={setArticleId} />
        ))}
      </div>
    );
  };

  return (
    <div className="lom-content">
      <div className="lom-content__toolbar">
        <span className="muted">{CONTENT_TEXTS.factsScope}</span>
        <Segmented<FactsScope>
          value={scope}
          onChange={setScope}
          options={[
            { value: 'all', label: CONTENT_TEXTS.factsAll },
            { value: 'period', label: CONTENT_TEXTS.factsPeriod },
          ]}
        />
      </div>
      {body()}
      <LomSearchResults lomId={lom.id} />
      <FactArticleDrawer articleId={articleId} onClose={() => setArticleId(null)} />
    </div>
  );
}
