import './messages.css';
import { PlusOutlined } from '@ant-design/icons';
import type { MessageFilterFlag } from '@monitoring/contracts';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMessagesLomStat, useMessagesMoodTable } from '../../api/messages.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import type { FilterStats as EagerFilterStats } from '../../ui/FilterStats.tsx';
import { lazyStartedNow } from '../../ui/lazyStartedNow.ts';
import { MessageFiltersSkeleton } from '../../ui/message-filters/MessageFiltersSkeleton.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { MESSAGE_TABS, type MessagesTab, tabFilter } from './filter-url.ts';
import { MessageListTab } from './MessageListTab.tsx';
import { MessageTabsFallback } from './MessageTabsFallback.tsx';
import { SavePersonalThemeButton } from './PersonalThemeDialog.tsx';
import { ReportMenu } from './ReportMenu.tsx';
import { TAB_LABELS, TEXTS } from './texts.ts';
import { useMessagesUrlState } from './useMessagesUrlState.ts';

// The filter panel (antd DatePicker, Select, Input: ~50 KB brotli) is on the first screen but not
// needed for its first paint: its own chunk, fetched as soon as this module runs, in parallel with
// the list's data, a skeleton of its size until it is in.
const MessageFiltersPanel = lazyStartedNow(() =>
  import('../../ui/message-filters/MessageFiltersPanel.tsx').then((module) => module.MessageFiltersPanel),
);

// The list tabs (antd Tabs, ~10 KB brotli) likewise, with their labels drawn in place meanwhile.
const MessageTabs = lazyStartedNow(() => import('./MessageTabs.tsx').then((module) => module.MessageTabs));

// The statistics tab (antd Table, Tree, Pagination, Segmented) loads when it is opened.
// lazy() drops FilterStats' type parameter: it is given back, the component is the same.
const FilterStats = lazy(() =>
  import('../../ui/FilterStats.tsx').then((module) => ({ default: module.FilterStats })),
) as unknown as typeof EagerFilterStats;

/**
 * What the page loads only when it is opened (the statistics tab, the mass-edit drawer, the
 * report and personal-theme dialogs), fetched once the list is up and the browser is idle, so
 * the first click does not wait for it. A failure is harmless: the part loads when opened.
 */
const LATER_PARTS = [
  () => import('../../ui/FilterStats.tsx'),
  () => import('./MassEditDrawer.tsx'),
  () => import('../../ui/ReportDownloadDialog.tsx'),
  () => import('./PersonalThemeNameDialog.tsx'),
];

const LOCKED_FLAGS: Partial<Record<MessagesTab, MessageFilterFlag[]>> = {
  [MESSAGE_TABS.verified]: ['verified'],
};

/** /messages: the lists, the mood table with its loms and the Zefir list, over one filter in the URL. */
export function MessagesPage() {
  usePageTitle(PAGE_TITLES.messages);
  const can = useCan();
  const navigate = useNavigate();
  const state = useMessagesUrlState();
  const tabs: MessagesTab[] = [
    MESSAGE_TABS.all,
    MESSAGE_TABS.verified,
    ...(can('MESSAGE_STATISTICS') ? [MESSAGE_TABS.stats] : []),
    ...(can('ZEFIR_PAGE') ? [MESSAGE_TABS.zefir] : []),
  ];
  const tab = tabs.includes(state.tab) ? state.tab : MESSAGE_TABS.all;
  const filter = tabFilter(tab, state.filter);
  const tabItems = tabs.map((key) => ({ key: String(key), label: TAB_LABELS[key] }));
  // «Сбросить фильтры» keeps the period.
  const resetFilter = () =>
    state.setFilter({
      wrote_at_after: state.filter.wrote_at_after,
      wrote_at_before: state.filter.wrote_at_before,
    });

  useEffect(
    () =>
      whenIdle(() => {
        for (const load of LATER_PARTS) load().catch(() => undefined);
      }, 5000),
    [],
  );

  const content = () => {
    if (tab === MESSAGE_TABS.stats) {
      return (
        <Suspense fallback={<Skeleton active className="stats-tab" />}>
          <FilterStats
            className="stats-tab"
            filter={filter}
            stat={state.stat}
            onStatChange={state.setStat}
            useMoodTable={useMessagesMoodTable}
            useLomStat={useMessagesLomStat}
            lomPageSize={25}
            texts={{ moodTable: TEXTS.moodTable, lomStat: TEXTS.lomStat }}
          />
        </Suspense>
      );
    }
    return <MessageListTab key={tab} filter={filter} showAiMood={tab === MESSAGE_TABS.zefir} />;
  };

  return (
    <section className="page messages-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES.messages}</PageHeading>
        <div className="page__actions">
          {can('CREATE_MESSAGE') ? (
            <Button icon={<PlusOutlined />} onClick={() => navigate('/messages/add')}>
              {TEXTS.addMessage}
            </Button>
          ) : null}
          {can('CREATE_PERSONAL_THEME') ? <SavePersonalThemeButton filter={filter} /> : null}
          <ReportMenu filter={filter} />
        </div>
      </div>
      <Suspense fallback={<MessageFiltersSkeleton filter={state.filter} onReset={resetFilter} />}>
        <MessageFiltersPanel
          filter={state.filter}
          lockedFlags={LOCKED_FLAGS[tab]}
          onChange={state.patchFilter}
          onReset={resetFilter}
        />
      </Suspense>
      <Suspense fallback={<MessageTabsFallback activeKey={String(tab)} items={tabItems} />}>
        <MessageTabs
          activeKey={String(tab)}
          onChange={(key) => state.setTab(Number(key) as MessagesTab)}
          items={tabItems}
        />
      </Suspense>
      {content()}
    </section>
  );
}
