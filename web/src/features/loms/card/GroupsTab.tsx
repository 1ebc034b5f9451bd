import './lom-relations.css';
import { pluralRu, type VkGroupItem } from '@monitoring/contracts';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useCanLoadVkGroups, useLoadVkGroups, useVkGroups } from '../../../api/lom-relations.ts';
import { useCan } from '../../../api/useCan.ts';
import { formatCount, formatExact } from '../../../lib/format.ts';
import { safeExternalUrl } from '../../../lib/safe-url.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { LomSubscriptionsList } from './LomSubscriptionsList.tsx';
import { GROUP_TEXTS, MEMBER_FORMS } from './relations-texts.ts';
import type { LomTabProps } from './types.ts';

const indexFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

function VkGroupCard({ group }: { group: VkGroupItem }) {
  const href = safeExternalUrl(group.url);
  return (
    <li className="lom-relations__group">
      <span className="lom-relations__group-name">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {group.name}
          </a>
        ) : (
          group.name
        )}
      </span>
      <span className="muted">
        {formatCount(group.members)} {pluralRu(group.members, MEMBER_FORMS)}
      </span>
      <span>
        {group.index > 0 ? (
          <Tag color="blue">{GROUP_TEXTS.index(indexFormat.format(group.index))}</Tag>
        ) : (
          <Tag>{GROUP_TEXTS.noIndex}</Tag>
        )}
      </span>
    </li>
  );
}

/** The can-load check and, for an editor, the button that takes the VK pages of the subscriptions. */
function LoadGroups({ lomId }: { lomId: number }) {
  const can = useCan();
  const { message } = useFeedback();
  const check = useCanLoadVkGroups(lomId);
  const load = useLoadVkGroups(lomId);
  if (!check.data) return null;
  if (!check.data.can_load) return <span className="muted">{GROUP_TEXTS.nothingToLoad}</span>;
  return (
    <>
      <span className="muted">{GROUP_TEXTS.loadable(check.data.available)}</span>
      {can('EDIT_LOM') ? (
        <Button
          type="primary"
          loading={load.isPending}
          onClick={() =>
            load.mutate(undefined, {
              onSuccess: (answer) => void message.success(GROUP_TEXTS.loaded(answer.loaded)),
              // The card's errors are not notified by the client (api.md §8): say it here.
              onError: (error) => void message.error(`${GROUP_TEXTS.loadFailed}: ${error.message}`),
            })
          }
        >
          {GROUP_TEXTS.load}
        </Button>
      ) : null}
    </>
  );
}

/** The card's groups tab: the lom's VK groups, 30 at a time, and loading new ones from its subscriptions. */
export function GroupsTab({ lom }: LomTabProps) {
  const query = useVkGroups(lom.id);
  const groups = query.data?.pages.flatMap((page) => page.results) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.elements_count ?? 0;

  let body = null;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError && groups.length === 0)
    body = <Alert type="error" showIcon title={GROUP_TEXTS.loadError} description={query.error.message} />;
  else if (groups.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={GROUP_TEXTS.empty} />;
  else
    body = (
      <>
        <p className="muted">{GROUP_TEXTS.shown(groups.length, formatExact(total))}</p>
        <ul className="lom-relations__groups" aria-label={GROUP_TEXTS.title}>
          {groups.map((group) => (
            <VkGroupCard key={group.id} group={group} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="lom-relations__more">
            <Button onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {GROUP_TEXTS.more}
            </Button>
          </div>
        ) : null}
        {query.isError ? (
          <Alert type="error" showIcon title={GROUP_TEXTS.loadError} description={query.error.message} />
        ) : null}
      </>
    );

  return (
    <div className="lom-relations">
      <Card
        size="small"
        title={GROUP_TEXTS.title}
        extra={
          <div className="lom-relations__toolbar">
            <LoadGroups lomId={lom.id} />
          </div>
        }
      >
        {body}
      </Card>
      <LomSubscriptionsList lomId={lom.id} />
    </div>
  );
}
