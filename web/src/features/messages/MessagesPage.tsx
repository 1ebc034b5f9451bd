import './messages.css';
import { PlusOutlined } from '@ant-design/icons';
import type { MessageFilterFlag } from '@monitoring/contracts';
import { Button, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useMessagesLomStat, useMessagesMoodTable } from '../../api/messages.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { FilterStats } from '../../ui/FilterStats.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { MESSAGE_TABS, type MessagesTab, tabFilter } from './filter-url.ts';
import { MessageFiltersPanel } from './MessageFiltersPanel.tsx';
import { MessageListTab } from './MessageListTab.tsx';
import { SavePersonalThemeButton } from './PersonalThemeDialog.tsx';
import { ReportMenu } from './ReportMenu.tsx';
import { TAB_LABELS, TEXTS } from './texts.ts';
import { useMessagesUrlState } from './useMessagesUrlState.ts';

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

  const content = () => {
    if (tab === MESSAGE_TABS.stats) {
      return (
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
      <MessageFiltersPanel
        filter={state.filter}
        lockedFlags={LOCKED_FLAGS[tab]}
        onChange={state.patchFilter}
        onReset={() =>
          state.setFilter({
            wrote_at_after: state.filter.wrote_at_after,
            wrote_at_before: state.filter.wrote_at_before,
          })
        }
      />
      <Tabs
        activeKey={String(tab)}
        onChange={(key) => state.setTab(Number(key) as MessagesTab)}
        items={tabs.map((key) => ({ key: String(key), label: TAB_LABELS[key] }))}
      />
      {content()}
    </section>
  );
}
