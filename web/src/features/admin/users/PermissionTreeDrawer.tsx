import { NAMED_PERMISSIONS, type NamedPermission, type UserItem } from '@monitoring/contracts';
import { Alert, Drawer, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { usePermsTree, useUserWrites } from '../../../api/users.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { USERS_TEXTS as T } from './users-texts.ts';

const NAMED = new Set<string>(NAMED_PERMISSIONS);
const GROUP_PREFIX = 'group:';

/** The keys of the tree a user has checked: their named permissions and their groups. */
export function checkedKeysOf(user: UserItem): string[] {
  return [...user.user_ui_permissions, ...user.groups.map((g) => `${GROUP_PREFIX}${g.id}`)];
}

/** Checked keys back to the body of ui-perms-tree: named permissions and group ids (branch keys dropped). */
export function treeBodyOf(keys: readonly string[]): { ui_permissions: NamedPermission[]; groups: number[] } {
  return {
    ui_permissions: keys.filter((k): k is NamedPermission => NAMED.has(k)),
    groups: keys.filter((k) => k.startsWith(GROUP_PREFIX)).map((k) => Number(k.slice(GROUP_PREFIX.length))),
  };
}

interface PermissionTreeDrawerProps {
  user: UserItem | null;
  onClose: () => void;
}

/** The permission tree of one user (ui-perms-tree): each check saves at once. */
export function PermissionTreeDrawer({ user, onClose }: PermissionTreeDrawerProps) {
  const tree = usePermsTree();
  const { saveTree } = useUserWrites();
  const { message } = useFeedback();
  const [checked, setChecked] = useState<string[] | null>(null);
  const keys = checked ?? (user ? checkedKeysOf(user) : []);

  const treeData = useMemo<TreeDataNode[]>(() => {
    if (!tree.data) return [];
    const groups: TreeDataNode = {
      key: 'branch:groups',
      title: 'Группы прав',
      children: tree.data.groups.map((g) => ({
        key: `${GROUP_PREFIX}${g.id}`,
        title: `${g.name} (${g.ui_permissions.map((p) => tree.data.labels[p] ?? p).join(', ') || 'без прав'})`,
      })),
    };
    return [...tree.data.tree, groups];
  }, [tree.data]);

  const close = () => {
    setChecked(null);
    saveTree.reset();
    onClose();
  };

  const onCheck = (next: string[]) => {
    if (!user) return;
    const previous = keys;
    setChecked(next);
    saveTree.mutate(
      { id: user.id, body: treeBodyOf(next) },
      {
        onSuccess: (saved) => {
          setChecked(checkedKeysOf(saved));
          message.success(T.treeSaved);
        },
        onError: () => setChecked(previous),
      },
    );
  };

  const error = isApiError(saveTree.error) ? saveTree.error.message : null;
  return (
    <Drawer open={user !== null} onClose={close} title={user ? T.treeTitle(user.username) : ''} size={480}>
      <p>{T.treeHint}</p>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
      {tree.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          defaultExpandAll
          selectable={false}
          disabled={saveTree.isPending}
          treeData={treeData}
          checkedKeys={keys}
          onCheck={(value) => onCheck((Array.isArray(value) ? value : value.checked).map(String))}
        />
      )}
    </Drawer>
  );
}
