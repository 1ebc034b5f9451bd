import { useCallback, useState } from 'react';

// The columns a user hid in a table (ui/DataTable's column chooser), kept in this browser per user and table.
// Anything unreadable in storage counts as nothing hidden: the table must show whatever is there.

const PREFIX = 'monitoring.hiddenColumns';

/** The storage key of a user's hidden columns of a table. */
export const hiddenColumnsKey = (table: string, user: number | string | undefined) =>
  `${PREFIX}.${user ?? 'guest'}.${table}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readHiddenColumns(key: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(key) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export function writeHiddenColumns(key: string, hidden: readonly string[]): void {
  try {
    if (hidden.length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(hidden));
  } catch {
    // Full or refused storage: the choice holds until the page is left.
  }
}

/** The hidden column keys of a table for a user, and a setter that remembers them. */
export function useHiddenColumns(
  table: string,
  user: number | string | undefined,
): [string[], (hidden: string[]) => void] {
  const key = hiddenColumnsKey(table, user);
  const [state, setState] = useState(() => ({ key, hidden: readHiddenColumns(key) }));
  // The user (or table) changed: read their choice.
  const current = state.key === key ? state.hidden : readHiddenColumns(key);
  if (state.key !== key) setState({ key, hidden: current });
  const set = useCallback(
    (hidden: string[]) => {
      writeHiddenColumns(key, hidden);
      setState({ key, hidden });
    },
    [key],
  );
  return [current, set];
}
