import {
  ACTION_TYPE,
  type LomFocusCreateBody,
  type LomFocusItem,
  type LomTypeCreateBody,
  type LomTypeItem,
  type LomTypeListQuery,
  type PaginationCountResponse,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { lomFocuses, lomTypes } from '../../db/schema/index.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { presentLomFocus, presentLomType } from './presenter.ts';
import {
  countLomTypes,
  deleteLomFocus,
  deleteLomType,
  findLomFocus,
  findLomType,
  insertLomFocus,
  insertLomType,
  nameTaken,
  themeExists,
} from './queries.ts';

export async function lomTypesPaginationCount(
  db: Db,
  query: LomTypeListQuery,
): Promise<PaginationCountResponse> {
  const { elements_count, last_page } = pageInfo(query.page, query.page_size, await countLomTypes(db, query));
  return { elements_count, last_page };
}

export async function lomType(db: Db, id: number): Promise<LomTypeItem> {
  const row = await findLomType(db, id);
  if (!row) throw notFound(`Тип ЛОМ ${id} не найден`);
  return presentLomType(row);
}

export async function lomFocus(db: Db, id: number): Promise<LomFocusItem> {
  const row = await findLomFocus(db, id);
  if (!row) throw notFound(`Направленность ЛОМ ${id} не найдена`);
  return presentLomFocus(row);
}

/** The checks both creations share: the theme exists, the name is new in its directory. */
async function checkNew(
  db: Db,
  table: typeof lomTypes | typeof lomFocuses,
  body: { name: string; theme: number | null },
  duplicate: string,
): Promise<void> {
  if (body.theme !== null && !(await themeExists(db, body.theme))) {
    throw badRequest(`Тема ${body.theme} не найдена`, 'theme');
  }
  if (await nameTaken(db, table, body.name)) throw badRequest(duplicate, 'name');
}

/** POST lom-types/: a type made by hand (ai false), not archived, last in no particular `sort` (0). */
export async function createLomType(db: Db, body: LomTypeCreateBody, user: AuthUser): Promise<LomTypeItem> {
  return db.transaction(async (tx) => {
    await checkNew(tx, lomTypes, body, `Тип ЛОМ «${body.name}» уже есть`);
    const id = await insertLomType(tx, {
      name: body.name,
      themeId: body.theme,
      isSegment: body.is_segment,
      isInterest: body.is_interest,
      isCategory: body.is_category,
    });
    const item = await lomType(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'lom_type.create',
      newValue: item,
    });
    return item;
  });
}

/** DELETE lom-types/{id}/: the type and its links to loms; the log keeps the type and those loms. */
export async function removeLomType(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lomType(tx, id);
    const lomIds = await deleteLomType(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'lom_type.delete',
      oldValue: { ...item, lom_ids: lomIds },
    });
  });
}

export async function createLomFocus(
  db: Db,
  body: LomFocusCreateBody,
  user: AuthUser,
): Promise<LomFocusItem> {
  return db.transaction(async (tx) => {
    await checkNew(tx, lomFocuses, body, `Направленность ЛОМ «${body.name}» уже есть`);
    const id = await insertLomFocus(tx, { name: body.name, themeId: body.theme });
    const item = await lomFocus(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'lom_focus.create',
      newValue: item,
    });
    return item;
  });
}

/** DELETE lom-focus/{id}/: the focus and its links; the log keeps the loms and their shares. */
export async function removeLomFocus(db: Db, id: number, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lomFocus(tx, id);
    const links = await deleteLomFocus(tx, id);
    await logAction(tx, {
      userId: user.id,
      type: ACTION_TYPE.directory,
      action: 'lom_focus.delete',
      oldValue: { ...item, loms: links },
    });
  });
}
