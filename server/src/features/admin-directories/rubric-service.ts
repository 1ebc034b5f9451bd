import {
  ACTION_TYPE,
  type AdminRubricLomItem,
  type AdminRubricLomsQuery,
  type ListEnvelope,
  pageInfo,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { logAction } from '../../domain/action-log-queries.ts';
import type { AuthUser } from '../../http/auth.ts';
import { badRequest, listedIds, notFound } from '../../http/errors.ts';
import { presentRubricLom } from './presenter.ts';
import * as q from './queries.ts';

/** The loms a rubric (segment) is made of, `lom_rubrics` (docs/admin-directories.md). */

const NOT_FOUND = 'Рубрика не найдена';

/** GET admin/rubrics/{id}/loms/. */
export async function rubricMembers(
  db: Db,
  rubricId: number,
  query: AdminRubricLomsQuery,
): Promise<ListEnvelope<AdminRubricLomItem>> {
  if (!(await q.findRubric(db, rubricId))) throw notFound(NOT_FOUND);
  const rows = await q.rubricLomRows(db, rubricId, query);
  const total =
    rows.length > 0
      ? Number(rows[0].total)
      : query.page > 1
        ? await q.countRubricLoms(db, rubricId, query)
        : 0;
  return { ...pageInfo(query.page, query.page_size, total), results: rows.map(presentRubricLom) };
}

/** POST add-loms/ or remove-loms/ {loms}: every lom must exist (400 naming `loms`); answers the count changed. */
export async function changeRubricLoms(
  db: Db,
  rubricId: number,
  loms: readonly number[],
  add: boolean,
  user: AuthUser,
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const rubric = await q.findRubric(tx, rubricId, true);
    if (!rubric) throw notFound(NOT_FOUND);
    const known = new Set(await q.existingLoms(tx, loms));
    const missing = loms.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw badRequest(`Некорректное значение поля «loms»: ЛОМ не найдены: ${listedIds(missing)}`, 'loms');
    }
    const changed = add
      ? await q.addRubricLoms(tx, rubricId, loms)
      : await q.removeRubricLoms(tx, rubricId, loms);
    if (changed.length > 0) {
      await logAction(tx, {
        userId: user.id,
        type: ACTION_TYPE.directory,
        action: add ? 'rubric.loms_add' : 'rubric.loms_remove',
        oldValue: { id: rubric.id, name: rubric.name },
        newValue: { loms: changed },
      });
    }
    return { updated: changed.length };
  });
}
