import type { ActionType } from '@monitoring/contracts';
import type { Db } from '../db/client.ts';
import { userActions } from '../db/schema/index.ts';

/** One row of the action log, written in the transaction of the change it records. */
export interface ActionEntry {
  /** Null for what no user did: a scheduled collection (docs/collectors.md); user_actions.user_id is nullable. */
  userId: number | null;
  type: ActionType;
  /** The exact verb, `<entity>.<change>`: 'message.verify', 'fragment.delete'. */
  action: string;
  messageId?: number | null;
  themeId?: number | null;
  infoReasonId?: number | null;
  lomId?: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

const CHUNK = 1000;

export async function logActions(db: Db, entries: readonly ActionEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db.insert(userActions).values(
      entries.slice(i, i + CHUNK).map((e) => ({
        userId: e.userId,
        type: e.type,
        action: e.action,
        messageId: e.messageId ?? null,
        themeId: e.themeId ?? null,
        infoReasonId: e.infoReasonId ?? null,
        lomId: e.lomId ?? null,
        oldValue: e.oldValue ?? null,
        newValue: e.newValue ?? null,
      })),
    );
  }
}

export async function logAction(db: Db, entry: ActionEntry): Promise<void> {
  await logActions(db, [entry]);
}
