import {
  ALERT_PATHS,
  type AlertCreateBody,
  type AlertPatchBody,
  alertEventList,
  alertItem,
  alertList,
  apiPath,
  DIGEST_PATHS,
  type DigestCreateBody,
  type DigestPatchBody,
  digestItem,
  digestList,
  digestRunList,
  LOM_GROUP_PATHS,
  listEnvelope,
  lomGroupItem,
  lomGroupTitle,
  PERSONAL_THEME_PATHS,
  personalThemeItem,
  TELEGRAM_SETTINGS_PATHS,
  telegramSettings,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/**
 * Alerts, digests and the Telegram bot's settings (issue 30, docs/alerts.md): the caller's own alerts and digests,
 * what fired and how each channel was delivered, the digests' sends. Writes leave 400 and 403 to the form: the
 * server names the field (`channels.1.url`) and says in Russian what is wrong or missing.
 */

export const alertKeys = {
  all: ['alerts'] as const,
  list: (page: number) => [...alertKeys.all, 'list', page] as const,
  events: (id: number, page: number) => [...alertKeys.all, 'events', id, page] as const,
};

export const digestKeys = {
  all: ['digests'] as const,
  list: (page: number) => [...digestKeys.all, 'list', page] as const,
  runs: (id: number, page: number) => [...digestKeys.all, 'runs', id, page] as const,
};

export const telegramSettingsKey = ['settings', 'telegram'] as const;

/** A page of the alert and digest tables. */
export const ALERTS_PAGE_SIZE = 20;
/** A page of the events and the runs drawers. */
export const ALERT_EVENTS_PAGE_SIZE = 10;
/** While a delivery or a send is pending, its drawer asks again this often. */
const PENDING_REFRESH_MS = 5_000;

/** The statuses a form shows itself: 400 at the named field, 403 (an external channel) above the form. */
const FORM_STATUSES = [400, 403] as const;

/** GET alerts/: the caller's alerts. */
export function useAlerts(page: number) {
  return useQuery({
    queryKey: alertKeys.list(page),
    queryFn: ({ signal }) =>
      apiFetch(ALERT_PATHS.list, {
        signal,
        query: { page, page_size: ALERTS_PAGE_SIZE },
        schema: alertList,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET alerts/{id}/: one of the caller's alerts (the events drawer opened from a link names it). */
export function useAlert(id: number | null) {
  return useQuery({
    queryKey: [...alertKeys.all, 'detail', id ?? 0],
    queryFn: ({ signal }) =>
      apiFetch(apiPath(ALERT_PATHS.detail, { id: id ?? 0 }), {
        signal,
        schema: alertItem,
        handledStatuses: [404],
      }),
    enabled: id !== null,
  });
}

/** GET alerts/{id}/events/: what fired, newest first, with each channel's delivery. */
export function useAlertEvents(id: number | null, page: number) {
  return useQuery({
    queryKey: alertKeys.events(id ?? 0, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(ALERT_PATHS.events, { id: id ?? 0 }), {
        signal,
        query: { page, page_size: ALERT_EVENTS_PAGE_SIZE },
        schema: alertEventList,
        // Shown in the drawer (a link to an alert since deleted).
        handledStatuses: [404],
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((event) =>
        event.deliveries.some((d) => d.status === 'pending' || d.status === 'failed'),
      )
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** POST, PATCH (the form, and the table's switch) and DELETE of an alert. */
export function useAlertWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
  const create = useMutation({
    mutationFn: (body: AlertCreateBody) =>
      apiFetch(ALERT_PATHS.list, {
        method: 'POST',
        body,
        schema: alertItem,
        handledStatuses: FORM_STATUSES,
      }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlertPatchBody }) =>
      apiFetch(apiPath(ALERT_PATHS.detail, { id }), {
        method: 'PATCH',
        body,
        schema: alertItem,
        handledStatuses: FORM_STATUSES,
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(ALERT_PATHS.detail, { id }), { method: 'DELETE', handledStatuses: [400] }),
    onSettled,
  });
  return { create, update, remove };
}

/** GET digests/: the caller's digests. */
export function useDigests(page: number, enabled = true) {
  return useQuery({
    queryKey: digestKeys.list(page),
    queryFn: ({ signal }) =>
      apiFetch(DIGEST_PATHS.list, {
        signal,
        query: { page, page_size: ALERTS_PAGE_SIZE },
        schema: digestList,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET digests/{id}/runs/: the sends, newest first; asked again while one is pending. */
export function useDigestRuns(id: number | null, page: number) {
  return useQuery({
    queryKey: digestKeys.runs(id ?? 0, page),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(DIGEST_PATHS.runs, { id: id ?? 0 }), {
        signal,
        query: { page, page_size: ALERT_EVENTS_PAGE_SIZE },
        schema: digestRunList,
        handledStatuses: [404],
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((run) => run.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
}

/** POST, PATCH, DELETE of a digest and «Отправить сейчас» (POST digests/{id}/send/). */
export function useDigestWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: digestKeys.all });
  const create = useMutation({
    mutationFn: (body: DigestCreateBody) =>
      apiFetch(DIGEST_PATHS.list, {
        method: 'POST',
        body,
        schema: digestItem,
        handledStatuses: FORM_STATUSES,
      }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: DigestPatchBody }) =>
      apiFetch(apiPath(DIGEST_PATHS.detail, { id }), {
        method: 'PATCH',
        body,
        schema: digestItem,
        handledStatuses: FORM_STATUSES,
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(DIGEST_PATHS.detail, { id }), { method: 'DELETE', handledStatuses: [400] }),
    onSettled,
  });
  const send = useMutation({
    mutationFn: (id: number) =>
      apiFetch(apiPath(DIGEST_PATHS.send, { id }), { method: 'POST', handledStatuses: [400] }),
    onSettled,
  });
  return { create, update, remove, send };
}

/** A choice of a target select: id and name. */
export interface TargetChoice {
  id: number;
  name: string;
}

const personalThemePage = listEnvelope(personalThemeItem);
const lomGroupPage = listEnvelope(lomGroupItem);
const CHOICES_PAGE_SIZE = 50;

/** The caller's personal themes matching `search`, and the chosen one by id (named even when not on the page). */
export function usePersonalThemeChoices(search: string, chosen: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['alerts', 'personal-theme-choices', search, chosen ?? null],
    queryFn: async ({ signal }): Promise<TargetChoice[]> => {
      const [page, named] = await Promise.all([
        apiFetch(PERSONAL_THEME_PATHS.list, {
          signal,
          query: { search, page: 1, page_size: CHOICES_PAGE_SIZE },
          schema: personalThemePage,
        }),
        chosen
          ? apiFetch(PERSONAL_THEME_PATHS.list, {
              signal,
              query: { id_in: chosen, page: 1, page_size: 1 },
              schema: personalThemePage,
            })
          : null,
      ]);
      return mergeChoices(
        [...(named?.results ?? []), ...page.results].map((t) => ({ id: t.id, name: t.name })),
      );
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The lom groups the caller sees matching `search`, and the chosen ones by id. */
export function useLomGroupChoices(search: string, chosen: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: ['alerts', 'lom-group-choices', search, [...chosen].sort((a, b) => a - b)],
    queryFn: async ({ signal }): Promise<TargetChoice[]> => {
      const [page, named] = await Promise.all([
        apiFetch(LOM_GROUP_PATHS.list, {
          signal,
          query: { search, page: 1, page_size: CHOICES_PAGE_SIZE },
          schema: lomGroupPage,
        }),
        chosen.length
          ? apiFetch(LOM_GROUP_PATHS.list, {
              signal,
              query: { id_in: chosen, page: 1, page_size: chosen.length },
              schema: lomGroupPage,
            })
          : null,
      ]);
      return mergeChoices(
        [...(named?.results ?? []), ...page.results].map((g) => ({ id: g.id, name: lomGroupTitle(g) })),
      );
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function mergeChoices(choices: TargetChoice[]): TargetChoice[] {
  const seen = new Map<number, TargetChoice>();
  for (const choice of choices) if (!seen.has(choice.id)) seen.set(choice.id, choice);
  return [...seen.values()];
}

/** GET settings/telegram/: whether a bot token is set, and the bot's name (never the token). */
export function useTelegramSettings() {
  return useQuery({
    queryKey: telegramSettingsKey,
    queryFn: ({ signal }) => apiFetch(TELEGRAM_SETTINGS_PATHS.telegram, { signal, schema: telegramSettings }),
  });
}

/** PUT settings/telegram/ {bot_token}: sets the token, or clears it with null (administrators). */
export function useSaveTelegramToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botToken: string | null) =>
      apiFetch(TELEGRAM_SETTINGS_PATHS.telegram, {
        method: 'PUT',
        body: { bot_token: botToken },
        handledStatuses: [400],
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramSettingsKey }),
  });
}
