import { outboxResponse, SETTINGS_PATHS, settingsEnvironment } from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** GET settings/environment/: the read-only configuration of the installation. */
export function useSettingsEnvironment(enabled = true) {
  return useQuery({
    queryKey: ['settings', 'environment'],
    queryFn: ({ signal }) => apiFetch(SETTINGS_PATHS.environment, { signal, schema: settingsEnvironment }),
    enabled,
  });
}

/** GET settings/outbox/: the mail kept instead of sent, a page of it. */
export function useOutbox(page: number) {
  return useQuery({
    queryKey: ['settings', 'outbox', page],
    queryFn: ({ signal }) =>
      apiFetch(SETTINGS_PATHS.outbox, { signal, query: { page }, schema: outboxResponse }),
    placeholderData: keepPreviousData,
  });
}
