import type { AdminLomMergeResult } from '@monitoring/contracts';
import { formatCount } from '../../../lib/format.ts';

/** The Russian line shown after a merge: what moved to the target. */
export function mergeSummary(result: AdminLomMergeResult): string {
  const messages = result.moved.messages ?? 0;
  const sources = result.moved.lom_sources ?? 0;
  return `Объединено ЛОМ: ${formatCount(result.merged.length)} → «${result.lom.name}». Перенесено сообщений: ${formatCount(messages)}, аккаунтов: ${formatCount(sources)}`;
}
