import {
  apiPath,
  listEnvelope,
  ORGANIZATION_PATHS,
  type OrganizationBody,
  type OrganizationEditBody,
  organizationItem,
  type QueryParams,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

const organizationList = listEnvelope(organizationItem);
const organizationKeys = {
  all: ['organizations'] as const,
  list: (query: QueryParams) => [...organizationKeys.all, 'list', query] as const,
};

/** GET api/v2/organization/ (kind 1 federal, 2 regional). */
export function useOrganizations(query: QueryParams = { page_size: 500 }) {
  return useQuery({
    queryKey: organizationKeys.list(query),
    queryFn: ({ signal }) => apiFetch(ORGANIZATION_PATHS.list, { signal, query, schema: organizationList }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationWrites() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: organizationKeys.all });
  const create = useMutation({
    mutationFn: (body: OrganizationBody) =>
      apiFetch(ORGANIZATION_PATHS.list, {
        method: 'POST',
        body,
        schema: organizationItem,
        handledStatuses: [400],
      }),
    onSettled,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: OrganizationEditBody }) =>
      apiFetch(apiPath(ORGANIZATION_PATHS.detail, { id }), {
        method: 'PATCH',
        body,
        schema: organizationItem,
        handledStatuses: [400],
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(ORGANIZATION_PATHS.detail, { id }), { method: 'DELETE', handledStatuses: [400] }),
    onSettled,
  });
  return { create, edit, remove };
}
