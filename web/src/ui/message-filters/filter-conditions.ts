import type { MessageFilterParams } from '@monitoring/contracts';

/** Whether a filter sets anything but the period and the ordering (for «Сбросить»). */
export function hasConditions(filter: MessageFilterParams): boolean {
  const { wrote_at_after: _a, wrote_at_before: _b, ordering: _o, ...rest } = filter;
  return Object.values(rest).some((value) => value !== undefined);
}
