import type { Permission } from '@monitoring/contracts';
import { useMemo } from 'react';
import { useCurrentUser } from './auth.ts';

export type Can = (permission: Permission) => boolean;

/** Builds the check from a user's scope (every permission the user passes). */
export function canFromScope(scope: readonly string[] | undefined): Can {
  const held = new Set(scope ?? []);
  return (permission) => held.has(permission);
}

/** "May I?": the one permission hook of the UI (the server still decides). */
export function useCan(): Can {
  const scope = useCurrentUser().data?.scope;
  return useMemo(() => canFromScope(scope), [scope]);
}
