import type { PersonalThemeItem, PersonalThemePatchBody } from '@monitoring/contracts';
import { ACTION_TYPE } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { presentPersonalTheme } from './presenter.ts';
import { deletePersonalThemeRow, findPersonalTheme, updatePersonalThemeRow } from './queries.ts';

// Changes to one's own personal theme. Creation is messages/save_personal_theme/
// (messages/write-create.ts), which logs under "Тема"; so do these.

async function ownPersonalTheme(db: Db, userId: number, id: number): Promise<PersonalThemeItem> {
  const row = await findPersonalTheme(db, userId, id);
  if (!row) throw notFound(`Персональная тема ${id} не найдена`);
  return presentPersonalTheme(row);
}

/** The log's picture of a theme: what a change can touch. */
const logged = (item: PersonalThemeItem) => ({
  id: item.id,
  name: item.name,
  type: item.type,
  filters: item.filters,
});

/** PATCH personal-themes/{id}/: what is sent changes; `filters` replaces the saved filter whole. */
export async function updatePersonalTheme(
  db: Db,
  id: number,
  body: PersonalThemePatchBody,
  user: AuthUser,
): Promise<PersonalThemeItem> {
  return db.transaction(async (tx) => {
    const before = await ownPersonalTheme(tx, user.id, id);
    const filters = body.filters ?? body.filter;
    const item = presentPersonalTheme(
      await updatePersonalThemeRow(tx, id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(filters === undefined ? {} : { filters }),
        ...(body.type === undefined ? {} : { type: body.type }),
      }),
    );
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'personal_theme.update',
      oldValue: logged(before),
      newValue: logged(item),
    });
    return item;
  });
}

/** DELETE personal-themes/{id}/: the theme and its dashboard's loms. */
export async function removePersonalTheme(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownPersonalTheme(tx, user.id, id);
    await deletePersonalThemeRow(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.theme,
      action: 'personal_theme.delete',
      oldValue: logged(before),
    });
  });
}
