import { DownOutlined } from '@ant-design/icons';
import { ADMIN_GROUP_TITLE, type NavEntry } from '@monitoring/contracts';
import { Dropdown } from 'antd';
import { useLocation } from 'react-router';
import { NavEntryLink } from './NavEntryLink.tsx';
import { isEntryActive } from './nav-model.ts';

interface AdminNavGroupProps {
  entries: readonly NavEntry[];
}

/** The admin entries as a submenu of the bar (rendered up front so every link is in the page). */
export function AdminNavGroup({ entries }: AdminNavGroupProps) {
  const { pathname } = useLocation();
  const active = entries.some((entry) => isEntryActive(entry, pathname));
  const items = entries.map((entry) => ({ key: entry.key, label: <NavEntryLink entry={entry} /> }));
  return (
    <Dropdown menu={{ items }} trigger={['hover', 'click']} forceRender>
      <button
        type="button"
        className={active ? 'nav-bar__link nav-bar__link--active' : 'nav-bar__link'}
        data-nav-key="admin"
        aria-haspopup="menu"
      >
        {ADMIN_GROUP_TITLE} <DownOutlined aria-hidden />
      </button>
    </Dropdown>
  );
}
