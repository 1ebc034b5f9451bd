import type { MessageFilterParams } from '@monitoring/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMessagesList } from '../../api/messages.ts';
import { useCan } from '../../api/useCan.ts';
import { lazyStartedNow } from '../../ui/lazyStartedNow.ts';
import { MessageListSkeleton } from '../../ui/MessageListSkeleton.tsx';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';
import { BulkToolbar } from './BulkToolbar.tsx';
import { useMessageTotal } from './useMessageTotal.ts';

// The cards (antd Checkbox, Tag, Tooltip, the icons), the empty state and «Показать ещё»: nothing of
// them is drawn before the list's first page is in, so they are fetched in parallel with it and the
// same skeleton stands in for both (docs/first-screen.md).
const MessageList = lazyStartedNow(() => import('./MessageList.tsx').then((module) => module.MessageList));

// Loaded when first opened: the drawer and its selects are not on the first screen.
const MassEditDrawer = lazy(() =>
  import('./MassEditDrawer.tsx').then((module) => ({ default: module.MassEditDrawer })),
);

interface MessageListTabProps {
  filter: MessageFilterParams;
  showAiMood?: boolean;
}

/** A list tab: the messages of the filter, bulk selection and the mass-edit drawer. */
export function MessageListTab({ filter, showAiMood }: MessageListTabProps) {
  const can = useCan();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState(false);
  const list = useMessagesList(filter);
  const loadedIds = list.data?.pages.flatMap((page) => page.results.map((message) => message.id)) ?? [];
  const total = useMessageTotal(filter);
  const filterKey = JSON.stringify(filter);
  const drawerMounted = useOpenedOnce(editing);

  // Another filter is another list: the selection does not carry over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter text is the trigger.
  useEffect(() => setSelected(new Set()), [filterKey]);

  const selectable = can('MASS_EDIT_MESSAGE_ATTRIBUTES') || can('SUPER_EDITOR_STATUS');
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      {selectable ? (
        <BulkToolbar
          selected={[...selected]}
          onEdit={() => setEditing(true)}
          onSelectPage={() => setSelected(new Set(loadedIds))}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      <Suspense fallback={<MessageListSkeleton />}>
        <MessageList
          filter={filter}
          selectable={selectable}
          selected={selected}
          onSelect={toggle}
          showAiMood={showAiMood}
        />
      </Suspense>
      {selectable && drawerMounted ? (
        <Suspense fallback={null}>
          <MassEditDrawer
            open={editing}
            onClose={() => setEditing(false)}
            ids={[...selected]}
            filter={filter}
            total={total.count}
            totalExact={total.exact}
            onDone={() => {
              setEditing(false);
              setSelected(new Set());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
