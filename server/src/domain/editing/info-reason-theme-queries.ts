import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';

/** Sets the theme of the info reasons (null: none). */
export async function setInfoReasonTheme(
  db: Db,
  ids: readonly number[],
  themeId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  await queryRows(
    db,
    sql`update info_reasons set theme_id = ${themeId}::int where id = any(${pgArray(ids)}::int[])`,
  );
}
