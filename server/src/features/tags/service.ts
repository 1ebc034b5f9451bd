import type { PersonalTagItem, TagItem, TagNameBody } from '@monitoring/contracts';
import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { presentTag } from './presenter.ts';
import {
  deletePersonalTag,
  deleteTag,
  findPersonalTag,
  findTag,
  insertPersonalTag,
  insertTag,
  personalTagNameTaken,
  renamePersonalTag,
  renameTag,
  tagNameTaken,
} from './queries.ts';

/** A unique index refused the row: PostgreSQL's 23505, possibly wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs a write whose name the unique index guards: the name check inside it answers
 * the common case, and a concurrent twin that slips past it still gets the same 400.
 */
async function withUniqueName<T>(duplicate: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(duplicate, 'name');
    throw error;
  }
}

const tagDuplicate = (name: string) => `Тег «${name}» уже есть`;
const personalTagDuplicate = (name: string) => `Личный тег «${name}» у вас уже есть`;

export async function tag(db: Db, id: number): Promise<TagItem> {
  const row = await findTag(db, id);
  if (!row) throw notFound(`Тег ${id} не найден`);
  return presentTag(row);
}

/** POST tags/: a new tag; its name is unique whatever the case. */
export function createTag(db: Db, body: TagNameBody, user: AuthUser): Promise<TagItem> {
  return withUniqueName(tagDuplicate(body.name), () =>
    db.transaction(async (tx) => {
      if (await tagNameTaken(tx, body.name)) throw badRequest(tagDuplicate(body.name), 'name');
      const item = await tag(tx, await insertTag(tx, body.name));
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.directory,
        action: 'tag.create',
        newValue: item,
      });
      return item;
    }),
  );
}

/** PATCH tags/{id}/: renames; the same name in another case is allowed for the tag itself. */
export function updateTag(db: Db, id: number, body: TagNameBody, user: AuthUser): Promise<TagItem> {
  return withUniqueName(tagDuplicate(body.name), () =>
    db.transaction(async (tx) => {
      const before = await tag(tx, id);
      if (await tagNameTaken(tx, body.name, id)) throw badRequest(tagDuplicate(body.name), 'name');
      await renameTag(tx, id, body.name);
      const item = await tag(tx, id);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.directory,
        action: 'tag.update',
        oldValue: { id, name: before.name },
        newValue: { id, name: item.name },
      });
      return item;
    }),
  );
}

/** DELETE tags/{id}/: off every message and fragment and gone, in one transaction. */
export async function removeTag(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await tag(tx, id);
    const removed = await deleteTag(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'tag.delete',
      oldValue: { id, name: item.name, messages_count: removed.messages, fragments_count: removed.fragments },
    });
  });
}

async function ownPersonalTag(db: Db, userId: number, id: number): Promise<PersonalTagItem> {
  const item = await findPersonalTag(db, userId, id);
  if (!item) throw notFound(`Личный тег ${id} не найден`);
  return item;
}

/** POST personal-tags/: the caller's own tag; unique among his, whatever the case. */
export function createPersonalTag(db: Db, body: TagNameBody, user: AuthUser): Promise<PersonalTagItem> {
  return withUniqueName(personalTagDuplicate(body.name), () =>
    db.transaction(async (tx) => {
      if (await personalTagNameTaken(tx, user.id, body.name)) {
        throw badRequest(personalTagDuplicate(body.name), 'name');
      }
      const item = await insertPersonalTag(tx, user.id, body.name);
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.directory,
        action: 'personal_tag.create',
        newValue: item,
      });
      return item;
    }),
  );
}

/** PATCH personal-tags/{id}/: renames one's own tag; another user's answers 404. */
export function updatePersonalTag(
  db: Db,
  id: number,
  body: TagNameBody,
  user: AuthUser,
): Promise<PersonalTagItem> {
  return withUniqueName(personalTagDuplicate(body.name), () =>
    db.transaction(async (tx) => {
      const before = await ownPersonalTag(tx, user.id, id);
      if (await personalTagNameTaken(tx, user.id, body.name, id)) {
        throw badRequest(personalTagDuplicate(body.name), 'name');
      }
      await renamePersonalTag(tx, id, body.name);
      const item = { id, name: body.name };
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.directory,
        action: 'personal_tag.update',
        oldValue: before,
        newValue: item,
      });
      return item;
    }),
  );
}

/** DELETE personal-tags/{id}/: one's own tag, off its messages and gone, in one transaction. */
export async function removePersonalTag(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await ownPersonalTag(tx, user.id, id);
    const messages = await deletePersonalTag(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'personal_tag.delete',
      oldValue: { ...item, messages_count: messages },
    });
  });
}
