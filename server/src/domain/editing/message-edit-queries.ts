import type { MessageEditResult } from '@monitoring/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';

// A message locked for an edit and the columns every edit answers with: the message
// calls and the fragment calls (which lock the message first) share them.

/** The columns of the answer after an edit (contracts `messageEditResult`) plus what rules need. */
const editColumns = {
  id: messages.id,
  verified: messages.verified,
  verified_by_super_editor: messages.verifiedBySuperEditor,
  verified_ai: messages.verifiedAi,
  delayed: messages.delayed,
  archived: messages.archived,
  trash: messages.trash,
  from_zephyr: messages.fromZephyr,
  is_manual: messages.isManual,
  mood: messages.mood,
  mood_ai: messages.moodAi,
  theme_id: messages.themeId,
  info_reason_id: messages.infoReasonId,
  state: messages.state,
  fragment_presence: messages.fragmentPresence,
  speaker_id: messages.speakerId,
  speech_timestamp: messages.speechTimestamp,
};

export type MessageRow = MessageEditResult & {
  lomId: number | null;
  text: string;
  wroteAt: Date;
};

const lockedColumns = {
  ...editColumns,
  lomId: messages.lomId,
  text: messages.text,
  wroteAt: messages.wroteAt,
};

/** The message, locked for the rest of the transaction; undefined when there is none. */
export async function lockMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select(lockedColumns).from(messages).where(eq(messages.id, id)).for('update');
  return row;
}

export type MessageSet = Partial<typeof messages.$inferInsert>;

export async function updateMessage(db: Db, id: number, set: MessageSet): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(messages.id, id))
    .returning(lockedColumns);
  return row;
}
