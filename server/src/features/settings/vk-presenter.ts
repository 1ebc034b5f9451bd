import type { VkSettings } from '@monitoring/contracts';
import type { SecretInfo } from '../../domain/secrets-queries.ts';

/** Whether the VK service token is set, its last four characters and when: never the token. */
export function presentVkSettings(info: SecretInfo | undefined): VkSettings {
  return {
    configured: Boolean(info),
    label: info?.label ?? null,
    updated_at: info ? info.updatedAt.toISOString() : null,
  };
}
