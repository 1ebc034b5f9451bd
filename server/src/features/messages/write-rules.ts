import type { MessageFlagCall } from '@monitoring/contracts';
import type { MessageRow, MessageSet } from '../../domain/editing/message-edit-queries.ts';

// The state rules of product.md §4 as pure functions of the message before the change.

type Flag = 'verified' | 'verifiedBySuperEditor' | 'verifiedAi' | 'delayed' | 'archived' | 'trash';

/** The API name of each flag column, used in answers and in the action log. */
const FLAG_NAMES: Record<Flag, keyof MessageRow> = {
  verified: 'verified',
  verifiedBySuperEditor: 'verified_by_super_editor',
  verifiedAi: 'verified_ai',
  delayed: 'delayed',
  archived: 'archived',
  trash: 'trash',
};

export interface FlagChange {
  /** Action-log verb: the flag that really changed ('message.verify_ai' for a Zefir verify). */
  action: string;
  set: MessageSet;
  oldValue: Record<string, boolean>;
  newValue: Record<string, boolean>;
}

const FLAG_OF_CALL: Record<Exclude<MessageFlagCall, 'se-verify'>, Flag> = {
  verify: 'verified',
  delay: 'delayed',
  archive: 'archived',
  trash: 'trash',
  verify_ai: 'verifiedAi',
};

const ACTION_OF_FLAG: Record<Flag, string> = {
  verified: 'message.verify',
  verifiedBySuperEditor: 'message.se_verify',
  verifiedAi: 'message.verify_ai',
  delayed: 'message.delay',
  archived: 'message.archive',
  trash: 'message.trash',
};

/** Zefir mode (§4): on a trash item from the special source, verify and archive act on other flags. */
function zefirFlag(message: MessageRow, flag: Flag): Flag {
  if (!(message.from_zephyr && message.trash)) return flag;
  if (flag === 'verified') return 'verifiedAi';
  if (flag === 'archived') return 'trash';
  return flag;
}

function current(message: MessageRow, flag: Flag): boolean {
  return message[FLAG_NAMES[flag]] === true;
}

/**
 * What PATCH {id}/<call>/ changes. Each call toggles one flag; super-verify first
 * clears archived and delayed when set, then toggles verified_by_super_editor.
 */
export function flagChange(message: MessageRow, call: MessageFlagCall): FlagChange {
  const flags: Flag[] =
    call === 'se-verify'
      ? ['archived', 'delayed', 'verifiedBySuperEditor']
      : [zefirFlag(message, FLAG_OF_CALL[call])];
  const set: MessageSet = {};
  const oldValue: Record<string, boolean> = {};
  const newValue: Record<string, boolean> = {};
  for (const flag of flags) {
    const before = current(message, flag);
    const after = flag === 'verifiedBySuperEditor' || call !== 'se-verify' ? !before : false;
    if (call === 'se-verify' && flag !== 'verifiedBySuperEditor' && !before) continue;
    set[flag] = after;
    oldValue[FLAG_NAMES[flag]] = before;
    newValue[FLAG_NAMES[flag]] = after;
  }
  const main = flags[flags.length - 1];
  return { action: ACTION_OF_FLAG[main], set, oldValue, newValue };
}

/** Columns whose change moves a message between rollup rows or lom metrics. */
const AGGREGATE_COLUMNS: readonly (keyof MessageSet)[] = [
  'mood',
  'themeId',
  'infoReasonId',
  'verified',
  'delayed',
  'archived',
  'trash',
  'si',
  'numberViews',
  'repostCount',
  'commentsCount',
  'lomId',
  'sourceId',
  'wroteAt',
  'newsId',
];

export function touchesAggregates(set: MessageSet): boolean {
  return AGGREGATE_COLUMNS.some((column) => set[column] !== undefined);
}
