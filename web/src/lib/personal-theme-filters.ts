import type { MessageFilterParams } from '@monitoring/contracts';

/** The saved form of a message filter (personal theme `filters`): set values only. */
export function savedFilters(
  filter: MessageFilterParams,
): Record<string, string | number | boolean | number[] | string[]> {
  const out: Record<string, string | number | boolean | number[] | string[]> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out[key] = [...value] as number[] | string[];
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[key] = value;
    }
  }
  return out;
}

/** How many conditions a saved filter holds, the ordering aside (the dialog's summary). */
export function conditionCount(filters: Record<string, unknown>): number {
  return Object.entries(filters).filter(
    ([key, value]) =>
      key !== 'ordering' &&
      value !== null &&
      value !== undefined &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0),
  ).length;
}

/** The /messages link of a saved filter: its values as the list's query (lists comma-joined). */
export function messagesLinkOf(filters: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/messages?${query}` : '/messages';
}
