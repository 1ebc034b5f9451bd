import type { MessageEditResult } from '@monitoring/contracts';
import type { MessageRow } from './message-edit-queries.ts';

/** The answer shape of a row. */
export function presentEdit(row: MessageRow): MessageEditResult {
  const { lomId: _lom, text: _text, wroteAt: _wrote, ...result } = row;
  return result;
}
