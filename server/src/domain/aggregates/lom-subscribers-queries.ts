import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

// SQL of the loms' subscribers kept per process (lom-subscribers-memo.ts).

/** The loms' subscriber version (migration 0008), as a column beside the cells of a mood table. */
export const LOM_SUBSCRIBERS_STAMP = sql`coalesce((select version from stat_versions where name = 'lom_subscribers'), 0)`;

/** Every lom's subscribers up to the id `top`. */
export function lomSubscriberRows(db: Db, top: number) {
  return queryRows<{ id: number; subscribers: string | number | null }>(
    db,
    sql`select id, subscribers from loms where id <= ${top}`,
  );
}
