import { Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useCurrentUser } from '../../api/auth.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { displayName, roleLabel } from '../../lib/user.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileTagTabs } from './ProfileTagTabs.tsx';

const EMPTY_VALUE = '—';

/** The logged-in user as the server describes them. */
export function ProfilePage() {
  usePageTitle(PAGE_TITLES.profile);
  const { data: user } = useCurrentUser();
  if (!user) return null;

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: 'Логин', children: user.username },
    { key: 'name', label: 'Имя', children: displayName(user) },
    { key: 'email', label: 'Электронная почта', children: user.email || EMPTY_VALUE },
    { key: 'role', label: 'Роль', children: roleLabel(user) },
    { key: 'organization', label: 'Организация', children: user.organization?.name ?? EMPTY_VALUE },
    {
      key: 'scope',
      label: 'Права',
      children:
        user.scope.length > 0 ? (
          <ul className="permission-list" aria-label="Права">
            {user.scope.map((permission) => (
              <li key={permission}>
                <Tag>{permission}</Tag>
              </li>
            ))}
          </ul>
        ) : (
          EMPTY_VALUE
        ),
    },
  ];

  return (
    <section className="page">
      <PageHeading>{PAGE_TITLES.profile}</PageHeading>
      <ProfileTagTabs>
        <Descriptions bordered column={1} items={items} className="profile" />
        <ChangePasswordForm />
      </ProfileTagTabs>
    </section>
  );
}
