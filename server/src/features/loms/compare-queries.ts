import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { DayPeriod } from '../../domain/lists/lom-list-queries.ts';

/** SQL of compare_loms/ beyond what the lom list already reads (queries.ts). */

export interface MoodCountRow {
  lom_id: number;
  mood: number;
  n: string | number;
}

/**
 * Live messages of each lom by mood over the period (whole Moscow days), or all time
 * without one: the rollup's (lom_id, day) index reads the chosen loms only.
 */
export async function moodCounts(db: Db, lomIds: readonly number[], period: DayPeriod | null) {
  if (lomIds.length === 0) return [];
  const where: SQL[] = [
    sql`r.lom_id in (${sql.join(
      lomIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    sql`r.live`,
    sql`r.mood is not null`,
  ];
  if (period?.from) where.push(sql`r.day >= ${period.from}::date`);
  if (period?.to) where.push(sql`r.day < ${period.to}::date`);
  return queryRows<MoodCountRow>(
    db,
    sql`select r.lom_id, r.mood, sum(r.message_count) as n from message_daily_stats r
         where ${sql.join(where, sql` and `)} group by r.lom_id, r.mood`,
  );
}

/** Which of these ids are loms (archived ones included: a comparison may name them). */
export async function existingLomIds(db: Db, lomIds: readonly number[]): Promise<Set<number>> {
  if (lomIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from loms where id in (${sql.join(
      lomIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
