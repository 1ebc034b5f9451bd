import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fragments } from '../../db/schema/index.ts';

// The SQL of the fragment edits (service.ts); the fragment rows themselves are
// domain/fragment-queries.ts, which the message calls share.

/** The message of a fragment; undefined when the fragment is gone. */
export async function messageIdOf(db: Db, id: number): Promise<number | undefined> {
  const [ref] = await db
    .select({ messageId: fragments.messageId })
    .from(fragments)
    .where(eq(fragments.id, id));
  return ref?.messageId;
}

/** The messages of the fragments (one entry per fragment found). */
export async function messageIdsOf(db: Db, ids: number[]): Promise<number[]> {
  const refs = await db
    .select({ messageId: fragments.messageId })
    .from(fragments)
    .where(inArray(fragments.id, ids));
  return refs.map((r) => r.messageId);
}
