import type { ListEnvelope, PersonalTagItem, TagItem, TagListQuery } from '@monitoring/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { fragmentTags, messagePersonalTags, messageTags, personalTags, tags } from '../../db/schema/index.ts';
import { pickPage, totalCount } from '../../domain/pick-lists/pick-list-queries.ts';
import { presentTag } from './presenter.ts';

// SQL of the tag directory and of a user's personal tags: list, one, name checks, write.

/** Messages carrying the tag: a seek on message_tags' index of the tag side. */
const messagesCount =
  sql<number>`(select count(*) from ${messageTags} where ${messageTags.tagId} = ${tags.id})`.mapWith(Number);

const tagFields = { id: tags.id, name: tags.name, createdAt: tags.createdAt, messagesCount };

export type TagRow = { id: number; name: string; createdAt: Date; messagesCount: number };

/** GET tags/: the pick list's filters and order (name, then id), with creation and usage. */
export function listTags(db: Db, query: TagListQuery): Promise<ListEnvelope<TagItem>> {
  return pickPage(
    () =>
      db
        .select({ ...tagFields, total: totalCount() })
        .from(tags)
        .$dynamic(),
    { id: tags.id, name: tags.name },
    query,
    presentTag,
  );
}

export async function findTag(db: Db, id: number): Promise<TagRow | null> {
  const [row] = await db.select(tagFields).from(tags).where(eq(tags.id, id));
  return row ?? null;
}

/** Is the name held by another row (any case)? `scope` narrows the rows (one user's tags). */
async function nameHeld(
  db: Db,
  table: PgTable,
  columns: { id: AnyPgColumn; name: AnyPgColumn },
  name: string,
  exceptId: number | undefined,
  scope?: SQL,
): Promise<boolean> {
  const [row] = await db
    .select({ id: columns.id })
    .from(table)
    .where(
      and(
        sql`lower(${columns.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(columns.id, exceptId),
        scope,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function tagNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return nameHeld(db, tags, tags, name, exceptId);
}

export function personalTagNameTaken(
  db: Db,
  userId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  return nameHeld(db, personalTags, personalTags, name, exceptId, eq(personalTags.userId, userId));
}

export async function insertTag(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(tags).values({ name }).returning({ id: tags.id });
  return row.id;
}

export async function renameTag(db: Db, id: number, name: string): Promise<void> {
  await db.update(tags).set({ name }).where(eq(tags.id, id));
}

/**
 * Takes the tag off every message and fragment, then deletes it (the links would
 * cascade; deleting them here makes the counts for the log exact). Answers those counts.
 */
export async function deleteTag(db: Db, id: number): Promise<{ messages: number; fragments: number }> {
  const messages = await db
    .delete(messageTags)
    .where(eq(messageTags.tagId, id))
    .returning({ id: messageTags.messageId });
  const fragments = await db
    .delete(fragmentTags)
    .where(eq(fragmentTags.tagId, id))
    .returning({ id: fragmentTags.fragmentId });
  await db.delete(tags).where(eq(tags.id, id));
  return { messages: messages.length, fragments: fragments.length };
}

/** The user's own personal tag; another user's is as absent as a missing one. */
export async function findPersonalTag(db: Db, userId: number, id: number): Promise<PersonalTagItem | null> {
  const [row] = await db
    .select({ id: personalTags.id, name: personalTags.name })
    .from(personalTags)
    .where(and(eq(personalTags.id, id), eq(personalTags.userId, userId)));
  return row ?? null;
}

export async function insertPersonalTag(db: Db, userId: number, name: string): Promise<PersonalTagItem> {
  const [row] = await db
    .insert(personalTags)
    .values({ userId, name })
    .returning({ id: personalTags.id, name: personalTags.name });
  return row;
}

export async function renamePersonalTag(db: Db, id: number, name: string): Promise<void> {
  await db.update(personalTags).set({ name }).where(eq(personalTags.id, id));
}

/** Takes the personal tag off its messages and deletes it; answers how many messages had it. */
export async function deletePersonalTag(db: Db, id: number): Promise<number> {
  const links = await db
    .delete(messagePersonalTags)
    .where(eq(messagePersonalTags.personalTagId, id))
    .returning({ id: messagePersonalTags.messageId });
  await db.delete(personalTags).where(eq(personalTags.id, id));
  return links.length;
}
