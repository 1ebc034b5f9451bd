import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { EnvironmentTab } from './EnvironmentTab.tsx';
import { GroupsTab } from './GroupsTab.tsx';
import { OrganizationsTab } from './OrganizationsTab.tsx';
import { PublicDashboardsTab } from './PublicDashboardsTab.tsx';

const TABS = [
  { key: 'groups', label: 'Группы прав', children: <GroupsTab /> },
  { key: 'organizations', label: 'Организации', children: <OrganizationsTab /> },
  { key: 'dashboards', label: 'Публичные дашборды дня', children: <PublicDashboardsTab /> },
  { key: 'environment', label: 'Окружение', children: <EnvironmentTab /> },
];

/** /settings (view_settings): what an administrator configures for the whole installation. */
export function SettingsPage() {
  usePageTitle(PAGE_TITLES.settings);
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as string) : 'groups';
  return (
    <section className="page">
      <PageHeading>{PAGE_TITLES.settings}</PageHeading>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams(key === 'groups' ? {} : { tab: key }, { replace: true })}
        items={TABS}
      />
    </section>
  );
}
