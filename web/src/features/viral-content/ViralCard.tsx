import { apiPath, ROUTES, type ViralContentItem, type ViralStat } from '@monitoring/contracts';
import { Avatar, Card, Tag } from 'antd';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { SiHint } from '../../ui/SiHint.tsx';
import { TEXTS } from './texts.ts';

const STAT_VALUE: Record<ViralStat, (item: ViralContentItem) => number> = {
  views: (item) => item.number_views,
  reposts: (item) => item.repost_count,
  si: (item) => item.si,
};

/** One viral message: how far it outgrew its lom's usual reach, the chosen stat, the lom, the text and links. */
export function ViralCard({ item, stat }: { item: ViralContentItem; stat: ViralStat }) {
  const growth = Math.round(item.viral_per_cent);
  return (
    <Card className="viral-card" size="small" data-testid="viral-card" data-message-id={item.id}>
      <header className="viral-card__head">
        <Avatar src={item.lom?.avatar || undefined} alt="" aria-hidden size={32}>
          {item.lom?.name.slice(0, 1) ?? '?'}
        </Avatar>
        <div className="viral-card__who">
          {item.lom ? (
            <Link to={apiPath(ROUTES['loms-id'], { id: item.lom.id })}>{item.lom.name}</Link>
          ) : (
            <span>{TEXTS.noLom}</span>
          )}
          <span className="viral-card__meta">
            {item.source?.name ?? ''} · {formatDateTime(item.wrote_at)}
          </span>
        </div>
        <Tag color="volcano" className="viral-card__growth" title={TEXTS.growthTitle}>
          +{growth.toLocaleString('ru-RU')} %
        </Tag>
      </header>
      <div className="viral-card__stat" data-testid="viral-stat">
        <span className="viral-card__stat-value">{formatCount(STAT_VALUE[stat](item))}</span>
        <span className="viral-card__stat-label">
          {stat === 'si' ? <SiHint label="SI" /> : TEXTS.statNames[stat]}
        </span>
      </div>
      <p className="viral-card__text">{item.text || TEXTS.noText}</p>
      <footer className="viral-card__links">
        <Link to={apiPath(ROUTES['messages-id'], { id: item.id })}>{TEXTS.openMessage}</Link>
        {item.url ? (
          <a href={item.url} target="_blank" rel="noopener noreferrer">
            {TEXTS.openOriginal}
          </a>
        ) : null}
      </footer>
    </Card>
  );
}
