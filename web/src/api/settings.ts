import { SETTINGS_PATHS, settingsEnvironment } from '@monitoring/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** GET settings/environment/: the read-only configuration of the installation. */
export function useSettingsEnvironment(enabled = true) {
  return useQuery({
    queryKey: ['settings', 'environment'],
    queryFn: ({ signal }) => apiFetch(SETTINGS_PATHS.environment, { signal, schema: settingsEnvironment }),
    enabled,
  });
}
