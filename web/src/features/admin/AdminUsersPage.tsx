import { ROLE_IDS, ROLE_LABELS, type UserItem } from '@monitoring/contracts';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { useOrganizations } from '../../api/organizations.ts';
import { useUserList, useUserWrites } from '../../api/users.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useUrlState } from '../../lib/useUrlState.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PermissionTreeDrawer } from './users/PermissionTreeDrawer.tsx';
import { UserDialog } from './users/UserDialog.tsx';
import { USERS_TEXTS as T } from './users/users-texts.ts';
import { parseUsersUrl, USERS_PAGE_SIZE, usersQuery, usersUrlParams } from './users/users-url.ts';

const fullName = (u: UserItem) => [u.last_name, u.first_name].filter(Boolean).join(' ') || '—';

/** /admin-panel/users: the users with search, filters in the URL, paging, the edit dialog and the tree. */
export function AdminUsersPage() {
  usePageTitle(PAGE_TITLES['admin-panel-users']);
  const { state, patch } = useUrlState(parseUsersUrl, usersUrlParams);
  const list = useUserList(usersQuery(state));
  const organizations = useOrganizations();
  const { edit } = useUserWrites();
  // The server refuses an administrator's own deactivation; the button is not offered either.
  const selfId = useCurrentUser().data?.id;
  const [dialog, setDialog] = useState<{ user: UserItem | null } | null>(null);
  const [treeUser, setTreeUser] = useState<UserItem | null>(null);

  const toggleActive = (user: UserItem) =>
    edit.mutate(
      { id: user.id, body: { is_active: !user.is_active } },
      { onError: notifyBadRequest(T.toggleFailed) },
    );

  const columns: ColumnsType<UserItem> = [
    {
      key: 'username',
      title: 'Логин',
      width: 140,
      render: (_, u) => (
        <Space size={4} wrap>
          <span>{u.username}</span>
          {u.is_admin && <Tag color="blue">{T.admin}</Tag>}
          {!u.is_active && <Tag>{T.inactive}</Tag>}
        </Space>
      ),
    },
    { key: 'name', title: 'Имя', width: 170, render: (_, u) => fullName(u) },
    {
      key: 'email',
      title: 'Почта',
      width: 210,
      // A long address breaks anywhere rather than widening the table past the screen.
      render: (_, u) => <span style={{ overflowWrap: 'anywhere' }}>{u.email}</span>,
    },
    { key: 'role', title: 'Роль', width: 150, dataIndex: 'role_name' },
    { key: 'organization', title: 'Организация', width: 180, render: (_, u) => u.organization?.name ?? '—' },
    {
      key: 'groups',
      title: 'Группы прав',
      width: 190,
      render: (_, u) => (u.groups.length ? u.groups.map((g) => <Tag key={g.id}>{g.name}</Tag>) : '—'),
    },
    {
      key: 'last_login',
      title: T.lastLogin,
      width: 130,
      render: (_, u) => (u.last_login ? formatDateTime(u.last_login) : T.never),
    },
    {
      key: 'actions',
      title: 'Действия',
      // Pinned on the right, so the buttons stay on screen at 1280 px while the rest scrolls.
      width: 170,
      fixed: 'right',
      render: (_, u) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setDialog({ user: u })}>
            {T.edit}
          </Button>
          <Button size="small" onClick={() => setTreeUser(u)}>
            {T.tree}
          </Button>
          {u.id !== selfId && (
            <Popconfirm
              title={u.is_active ? T.deactivateConfirm(u.username) : T.activateConfirm(u.username)}
              okText={u.is_active ? T.deactivate : T.activate}
              cancelText="Отмена"
              onConfirm={() => toggleActive(u)}
            >
              <Button size="small" danger={u.is_active}>
                {u.is_active ? T.deactivate : T.activate}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section className="page">
      <PageHeading>{PAGE_TITLES['admin-panel-users']}</PageHeading>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setDialog({ user: null })}>
          {T.create}
        </Button>
        <SearchInput
          value={state.search}
          placeholder={T.search}
          onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
        />
        <Select
          aria-label="Роль"
          style={{ minWidth: 200 }}
          allowClear
          placeholder={T.anyRole}
          value={state.role}
          onChange={(role?: number) => patch({ role })}
          options={ROLE_IDS.map((id) => ({ value: id, label: ROLE_LABELS[id] }))}
        />
        <Select
          aria-label="Организация"
          style={{ minWidth: 260 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={T.anyOrganization}
          value={state.organization}
          onChange={(organization?: number) => patch({ organization })}
          options={organizations.data?.results.map((o) => ({ value: o.id, label: o.name }))}
        />
        <Select
          aria-label="Активность"
          style={{ minWidth: 140 }}
          value={state.active === undefined ? 'all' : String(state.active)}
          onChange={(value: string) => patch({ active: value === 'all' ? undefined : value === 'true' })}
          options={[
            { value: 'all', label: T.anyState },
            { value: 'true', label: T.activeOnly },
            { value: 'false', label: T.inactiveOnly },
          ]}
        />
      </Space>
      <DataTable<UserItem>
        rowKey="id"
        columns={columns}
        scroll={{ x: 1340 }}
        rows={list.data?.results}
        loading={list.isFetching}
        empty={T.empty}
        paging={{
          page: state.page,
          pageSize: USERS_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => patch({ page }),
          withTotal: true,
        }}
      />
      {dialog && <UserDialog open user={dialog.user} onClose={() => setDialog(null)} />}
      <PermissionTreeDrawer user={treeUser} onClose={() => setTreeUser(null)} />
    </section>
  );
}
