import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { PROFILE_NAV_ENTRY, ROUTES } from '@monitoring/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { logout, useCurrentUser } from '../api/auth.ts';
import { useCan } from '../api/useCan.ts';
import { displayName } from '../lib/user.ts';
import { NavEntryLink } from './NavEntryLink.tsx';

export const LOGOUT_LABEL = 'Выйти';

/**
 * The user's name with the profile link (when permitted) and logout. Opens on click only: with hover as
 * well, the hover opened the menu and the click that followed closed it again, under the pointer.
 */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const can = useCan();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;

  const onLogout = () => logout({ queryClient, goToLogin: () => navigate(ROUTES.login, { replace: true }) });
  const items: MenuProps['items'] = [
    ...(can('PROFILE')
      ? [{ key: 'profile', icon: <UserOutlined />, label: <NavEntryLink entry={PROFILE_NAV_ENTRY} /> }]
      : []),
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-action="logout">{LOGOUT_LABEL}</span>,
      onClick: () => void onLogout(),
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" forceRender>
      <Button type="text" icon={<UserOutlined />} className="user-menu" data-testid="user-menu">
        {displayName(user)}
      </Button>
    </Dropdown>
  );
}
