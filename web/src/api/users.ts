import {
  apiPath,
  listEnvelope,
  type PermissionGroupBody,
  type PermissionGroupEditBody,
  permissionGroupItem,
  permissionGroupList,
  permsTreeResponse,
  type QueryParams,
  USER_ADMIN_PATHS,
  type UserCreateBody,
  type UserEditBody,
  type UserPermsTreeBody,
  userItem,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

const userList = listEnvelope(userItem);

export const userKeys = {
  all: ['users-admin'] as const,
  list: (query: QueryParams) => [...userKeys.all, 'list', query] as const,
  tree: () => [...userKeys.all, 'tree'] as const,
  groups: () => [...userKeys.all, 'groups'] as const,
};

/** GET users/all/: a page of users (docs/users.md). */
export function useUserList(query: QueryParams) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => apiFetch(USER_ADMIN_PATHS.list, { signal, query, schema: userList }),
    placeholderData: keepPreviousData,
  });
}

/** GET users/ui-perms-tree/: the catalogue of named permissions with Russian labels, and the groups. */
export function usePermsTree() {
  return useQuery({
    queryKey: userKeys.tree(),
    queryFn: ({ signal }) => apiFetch(USER_ADMIN_PATHS.permsTree, { signal, schema: permsTreeResponse }),
    staleTime: 60_000,
  });
}

export function usePermissionGroups() {
  return useQuery({
    queryKey: userKeys.groups(),
    queryFn: ({ signal }) => apiFetch(USER_ADMIN_PATHS.groups, { signal, schema: permissionGroupList }),
  });
}

/** Every user write answers the user; the lists are read again after it. 400s stay with the form. */
export function useUserWrites() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: userKeys.all });
  const create = useMutation({
    mutationFn: (body: UserCreateBody) =>
      apiFetch(USER_ADMIN_PATHS.create, {
        method: 'POST',
        body,
        schema: userItem,
        handledStatuses: [400, 403],
      }),
    onSettled,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserEditBody }) =>
      apiFetch(apiPath(USER_ADMIN_PATHS.edit, { id }), {
        method: 'PATCH',
        body,
        schema: userItem,
        handledStatuses: [400, 403],
      }),
    onSettled,
  });
  const saveTree = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserPermsTreeBody }) =>
      apiFetch(apiPath(USER_ADMIN_PATHS.userPermsTree, { id }), {
        method: 'PATCH',
        body,
        schema: userItem,
        handledStatuses: [400, 403],
      }),
    onSettled,
  });
  return { create, edit, saveTree };
}

export function useGroupWrites() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: userKeys.all });
  const create = useMutation({
    mutationFn: (body: PermissionGroupBody) =>
      apiFetch(USER_ADMIN_PATHS.groups, {
        method: 'POST',
        body,
        schema: permissionGroupItem,
        handledStatuses: [400, 403],
      }),
    onSettled,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: PermissionGroupEditBody }) =>
      apiFetch(apiPath(USER_ADMIN_PATHS.group, { id }), {
        method: 'PATCH',
        body,
        schema: permissionGroupItem,
        handledStatuses: [400, 403],
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(USER_ADMIN_PATHS.group, { id }), { method: 'DELETE', handledStatuses: [400] }),
    onSettled,
  });
  return { create, edit, remove };
}
