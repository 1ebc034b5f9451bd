import {
  apiPath,
  FEED_PATHS,
  type FeedCreateBody,
  type FeedKind,
  type FeedPatchBody,
  type FeedState,
  feed,
  feedCollectResult,
  feedList,
  feedRunList,
  feedsFromSourcesResult,
  VK_SETTINGS_PATHS,
  vkSettings,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * Collectors (issue 31, docs/collectors.md): the feeds the product polls by itself, their fetch log, «Собрать
 * сейчас», the feeds of the lom sources, and the VK service token. Writes leave 400 to the form (the server names
 * the field: `url`, `lom_id`, `interval_minutes`); «Собрать сейчас» leaves 409 (the feed is being fetched) to the
 * page as well.
 */

export const feedKeys = {
  all: ['feeds'] as const,
  list: (query: FeedListParams) => [...feedKeys.all, 'list', query] as const,
  runs: (id: number, page: number) => [...feedKeys.all, 'runs', id, page] as const,
};

export const vkSettingsKey = ['settings', 'vk'] as const;

/** A page of the «Сбор» table. */
export const FEEDS_PAGE_SIZE = 25;
/** A page of the fetch log drawer. */
export const FEED_RUNS_PAGE_SIZE = 20;

/** GET feeds/: the query the «Сбор» view sends (its URL's filters). */
export interface FeedListParams {
  page: number;
  kind?: FeedKind;
  state?: FeedState;
  search?: string;
}

/** GET feeds/: a page of the feeds, filtered by kind, state and address or lom name. */
export function useFeeds(params: FeedListParams) {
  return useQuery({
    queryKey: feedKeys.list(params),
    queryFn: ({ signal }) =>
      apiFetch(FEED_PATHS.list, {
        signal,
        query: {
          page: params.page,
          page_size: FEEDS_PAGE_SIZE,
          kind: params.kind,
          state: params.state === 'all' ? undefined : params.state,
          search: params.search || undefined,
        },
        schema: feedList,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET feeds/{id}/runs/: the feed's fetch log, newest first. */
export function useFeedRuns(id: number | null, page: number) {
  return useQuery({
    queryKey: feedKeys.runs(id ?? 0, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(FEED_PATHS.runs, { id: id ?? 0 }), {
        signal,
        query: { page, page_size: FEED_RUNS_PAGE_SIZE },
        schema: feedRunList,
        // A feed deleted meanwhile: shown in the drawer.
        handledStatuses: [404],
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * What «Собрать сейчас» leaves to the page, which shows it in the run's notification: a feed that cannot be
 * fetched (400), one deleted meanwhile (404), one being fetched already (409).
 */
export const COLLECT_OWN_STATUSES: readonly number[] = [400, 404, 409];

/** The statuses a form shows itself: 400 at the named field. */
const FORM_STATUSES = [400] as const;

/** POST feeds/: a new feed (400 to the caller: the server names the field). */
const postFeed = (body: FeedCreateBody) =>
  apiFetch(FEED_PATHS.list, { method: 'POST', body, schema: feed, handledStatuses: FORM_STATUSES });

/**
 * POST, PATCH (the form, and the table's switch and interval), DELETE of a feed, «Собрать сейчас» (POST
 * feeds/{id}/collect/, on a feed that is off too) and «Создать ленты для источников» (POST feeds/from-sources/).
 */
export function useFeedWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: feedKeys.all });
  const create = useMutation({ mutationFn: postFeed, onSettled });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: FeedPatchBody }) =>
      apiFetch(apiPath(FEED_PATHS.detail, { id }), {
        method: 'PATCH',
        body,
        schema: feed,
        handledStatuses: FORM_STATUSES,
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(FEED_PATHS.detail, { id }), { method: 'DELETE', handledStatuses: [400, 404] }),
    onSettled,
  });
  const collect = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(FEED_PATHS.collect, { id }), {
        method: 'POST',
        schema: feedCollectResult,
        handledStatuses: COLLECT_OWN_STATUSES,
      }),
    onSettled,
  });
  const fromSources = useMutation({
    mutationFn: () =>
      apiFetch(FEED_PATHS.fromSources, {
        method: 'POST',
        schema: feedsFromSourcesResult,
        handledStatuses: [400],
      }),
    onSettled,
  });
  return { create, update, remove, collect, fromSources };
}

/**
 * POST feeds/ of the feed a lom source's address offers (adding an account): the 400 «Такая лента уже есть» is
 * the caller's to show as information.
 */
export function useCreateSourceFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

/** GET settings/vk/: whether the VK service token is set, its last four characters and when (never the token). */
export function useVkSettings() {
  return useQuery({
    queryKey: vkSettingsKey,
    queryFn: ({ signal }) => apiFetch(VK_SETTINGS_PATHS.vk, { signal, schema: vkSettings }),
  });
}

/** PUT settings/vk/ {service_token}: sets the token, or clears it with null. */
export function useSaveVkToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string | null) =>
      apiFetch(VK_SETTINGS_PATHS.vk, {
        method: 'PUT',
        body: { service_token: token },
        schema: vkSettings,
        handledStatuses: [400],
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: vkSettingsKey });
      // A VK feed's pause follows the token.
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
  });
}
