import { VK_TOKEN_SECRET_KEY, type VkSettings } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { deleteSecret, saveSecret, secretInfo } from '../../domain/secrets-queries.ts';
import { presentVkSettings } from './vk-presenter.ts';

// The VK service token of the collectors (issue 31, docs/collectors.md): an administrator sets it in /settings; VK
// feeds are paused without it. It is kept as given (VK checks it on the first wall.get, whose error the feed shows)
// and never answered: only its last four characters, to tell tokens apart.

export async function vkSettingsOf(db: Db): Promise<VkSettings> {
  return presentVkSettings(await secretInfo(db, VK_TOKEN_SECRET_KEY));
}

/** PUT settings/vk/: keeps the token (labelled with its last four characters); null clears it. */
export async function setVkToken(db: Db, token: string | null): Promise<VkSettings> {
  if (token === null) await deleteSecret(db, VK_TOKEN_SECRET_KEY);
  else await saveSecret(db, VK_TOKEN_SECRET_KEY, token, token.slice(-4));
  return vkSettingsOf(db);
}
