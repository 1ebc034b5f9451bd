import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EnvironmentTab } from './EnvironmentTab.tsx';
import { GroupsTab } from './GroupsTab.tsx';
import { MoodModelTab } from './MoodModelTab.tsx';
import { OrganizationsTab } from './OrganizationsTab.tsx';
import { OutboxTab } from './OutboxTab.tsx';
import { PublicDashboardsTab } from './PublicDashboardsTab.tsx';
import { TelegramCard } from './TelegramCard.tsx';
import { VkCard } from './VkCard.tsx';

const TABS = [
  { key: 'groups', label: 'Группы прав', children: <GroupsTab /> },
  { key: 'organizations', label: 'Организации', children: <OrganizationsTab /> },
  { key: 'dashboards', label: 'Публичные дашборды дня', children: <PublicDashboardsTab /> },
  { key: 'environment', label: 'Окружение', children: <EnvironmentTab /> },
  { key: 'outbox', label: 'Исходящая почта', children: <OutboxTab />, admin: true },
  // issue 18: the mood model that learns from editors (training for administrators inside the tab).
  { key: 'mood-model', label: 'Модель тональности', children: <MoodModelTab /> },
  // issue 30: the Telegram bot of the alerts (the token for administrators inside the card); its state is read
  // by those who may own alerts (view_messages) and by administrators, who set it.
  { key: 'alerts', label: 'Оповещения', children: <TelegramCard />, alerts: true },
  // issue 31: the VK service token of the collectors (administrators read and set it).
  { key: 'collect', label: 'Сбор', children: <VkCard />, admin: true },
];

/** /settings (view_settings): what an administrator configures for the whole installation. */
export function SettingsPage() {
  usePageTitle(PAGE_TITLES.settings);
  const [params, setParams] = useSearchParams();
  // The outbox holds reset links: its tab is for those who may set passwords anyway (ADMIN_PANEL).
  const can = useCan();
  const isAdmin = can('ADMIN_PANEL');
  const tabs = TABS.filter(
    (t) => (!t.admin || isAdmin) && (!t.alerts || can('view_messages') || can('ADMIN_PANEL')),
  ).map(({ admin: _admin, alerts: _alerts, ...t }) => t);
  const tab = tabs.some((t) => t.key === params.get('tab')) ? (params.get('tab') as string) : 'groups';
  return (
    <section className="page">
      <PageHeading>{PAGE_TITLES.settings}</PageHeading>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams(key === 'groups' ? {} : { tab: key }, { replace: true })}
        items={tabs}
      />
    </section>
  );
}
