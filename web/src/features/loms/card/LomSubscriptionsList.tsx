import type { LomSubscriptionItem } from '@monitoring/contracts';
import { Alert, Button, Collapse, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLomSubscriptions } from '../../../api/lom-relations.ts';
import { formatCount } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { GROUP_TEXTS } from './relations-texts.ts';

function SubscriptionRow({ item }: { item: LomSubscriptionItem }) {
  const href = safeExternalUrl(item.url);
  return (
    <li className="lom-relations__subscription">
      <span className="lom-relations__group-name">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {item.name}
          </a>
        ) : (
          item.name
        )}
      </span>
      <span className="muted">
        {GROUP_TEXTS.subscribers(formatCount(item.subscribers))}
        {item.lom_source ? ` · ${GROUP_TEXTS.seenOn(item.lom_source.source.name)}` : null}
      </span>
      <span>
        {item.is_vk ? <Tag color="blue">{GROUP_TEXTS.vk}</Tag> : null}
        {item.subscribed_lom ? (
          <Link to={`/loms/${item.subscribed_lom.id}`}>
            <Tag>{`${GROUP_TEXTS.isLom}: ${item.subscribed_lom.name}`}</Tag>
          </Link>
        ) : null}
      </span>
    </li>
  );
}

function SubscriptionItems({ lomId }: { lomId: number }) {
  const query = useLomSubscriptions(lomId);
  const items = query.data?.pages.flatMap((page) => page.results) ?? [];
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError && items.length === 0)
    return (
      <Alert type="error" showIcon title={GROUP_TEXTS.subscriptionsError} description={query.error.message} />
    );
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={GROUP_TEXTS.subscriptionsEmpty} />;
  return (
    <>
      <ul className="lom-relations__subscriptions" aria-label={GROUP_TEXTS.subscriptions}>
        {items.map((item) => (
          <SubscriptionRow key={item.id} item={item} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="lom-relations__more">
          <Button onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {GROUP_TEXTS.more}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The accounts the lom is subscribed to, read when opened: where new VK groups come from. */
export function LomSubscriptionsList({ lomId }: { lomId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapse
      size="small"
      onChange={(keys) => setOpen(keys.length > 0)}
      items={[
        {
          key: 'subscriptions',
          label: GROUP_TEXTS.subscriptions,
          children: open ? <SubscriptionItems lomId={lomId} /> : null,
        },
      ]}
    />
  );
}
