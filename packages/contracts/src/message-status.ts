import { MESSAGE_STATUSES } from './constants.ts';

/**
 * The one status a message shows (docs/messages.md "Status and flags"), derived from its stored state (product.md
 * §3 "Message statuses") and its flags (§4 "Message flags") by precedence: the first rule that holds wins.
 *
 * 1. verified_by_super_editor → «Одобрено» (the super editor's approval is the last word);
 * 2. verified → «Проверено» (an editor checked it; it waits for approval);
 * 3. state 4 → «На редактировании» (an editor took the AI's marks over, convert-from-ai);
 * 4. verified_ai → «Проверено ИИ»;
 * 5. state 2, or a stored 3 without the approval flag → «Размечено ИИ»;
 * 6. otherwise → «Занесено в систему».
 *
 * The workflow flags above are read into the status and are not shown again; the other flags (delayed, archived,
 * trash, from_zephyr) are shown apart (MESSAGE_SIDE_FLAGS).
 */
export const MESSAGE_DISPLAY_STATUSES = [
  'approved',
  'verified',
  'editing',
  'verified_ai',
  'ai_marked',
  'entered',
] as const;
export type MessageDisplayStatus = (typeof MESSAGE_DISPLAY_STATUSES)[number];

export const MESSAGE_DISPLAY_STATUS_LABELS: Readonly<Record<MessageDisplayStatus, string>> = {
  approved: 'Одобрено',
  verified: 'Проверено',
  editing: 'На редактировании',
  verified_ai: 'Проверено ИИ',
  ai_marked: 'Размечено ИИ',
  entered: 'Занесено в систему',
};

/** What the status is read from: the stored state and the workflow flags. */
export interface MessageStatusSource {
  state: number;
  verified: boolean;
  verified_by_super_editor: boolean;
  verified_ai: boolean;
}

/** The status a message shows, by the precedence above. */
export function messageDisplayStatus(message: MessageStatusSource): MessageDisplayStatus {
  if (message.verified_by_super_editor) return 'approved';
  if (message.verified) return 'verified';
  if (message.state === MESSAGE_STATUSES.EDITING) return 'editing';
  if (message.verified_ai) return 'verified_ai';
  if (message.state === MESSAGE_STATUSES.AI_MARKED || message.state === MESSAGE_STATUSES.APPROVED) {
    return 'ai_marked';
  }
  return 'entered';
}

/** The flags shown beside the status, as flags: conditions of the message, not steps of its checking. */
export const MESSAGE_SIDE_FLAGS = ['delayed', 'archived', 'trash', 'from_zephyr'] as const;
export type MessageSideFlag = (typeof MESSAGE_SIDE_FLAGS)[number];
export const MESSAGE_SIDE_FLAG_LABELS: Readonly<Record<MessageSideFlag, string>> = {
  delayed: 'Отложено',
  archived: 'В архиве',
  trash: 'В корзине',
  from_zephyr: 'Зефир',
};

/** The side flags a message has, in MESSAGE_SIDE_FLAGS order. */
export function messageSideFlags(message: Readonly<Record<MessageSideFlag, boolean>>): MessageSideFlag[] {
  return MESSAGE_SIDE_FLAGS.filter((flag) => message[flag]);
}
