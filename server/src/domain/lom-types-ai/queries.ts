import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export interface LomTypeRules {
  days: number;
  minMessages: number;
  minShare: number;
}

/**
 * The (lom, lom type) pairs the messages support: a live, non-archived lom type with a theme, and a lom with at
 * least `minMessages` live messages of that theme in the last `days` days, `minShare` or more of its themed ones.
 * One pass over the window along the time index, grouped by (lom, theme).
 */
const SUPPORTED = (rules: LomTypeRules) => sql`
  with counts as (
    select m.lom_id, m.theme_id, count(*)::int as n
      from messages m
     where m.wrote_at >= now() - make_interval(days => ${rules.days}::int)
       and m.lom_id is not null and m.theme_id is not null and not (m.trash or m.archived)
     group by m.lom_id, m.theme_id),
  totals as (select lom_id, sum(n)::int as total from counts group by lom_id)
  select c.lom_id, t.id as lom_type_id
    from counts c
    join totals s on s.lom_id = c.lom_id
    join lom_types t on t.theme_id = c.theme_id and not t.archived
   where c.n >= ${rules.minMessages}::int and c.n >= ${rules.minShare}::float8 * s.total`;

/**
 * Brings the machine's links in line with the messages, inside the caller's transaction: removes the AI links
 * (assigned_by_ai) the messages no longer support, and adds the supported pairs the lom lacks, marked
 * assigned_by_ai. An editor's link (assigned_by_ai false) is never touched, nor duplicated.
 */
export async function syncAiLomTypes(
  tx: Db,
  rules: LomTypeRules,
): Promise<{ added: number; removed: number }> {
  const [removed] = await queryRows<{ n: number }>(
    tx,
    sql`with supported as (${SUPPORTED(rules)}),
         gone as (
           delete from lom_lom_types l
            where l.assigned_by_ai
              and not exists (select 1 from supported s where s.lom_id = l.lom_id and s.lom_type_id = l.lom_type_id)
           returning 1)
        select count(*)::int as n from gone`,
  );
  const [added] = await queryRows<{ n: number }>(
    tx,
    sql`with supported as (${SUPPORTED(rules)}),
         put as (
           insert into lom_lom_types (lom_id, lom_type_id, assigned_by_ai)
           select lom_id, lom_type_id, true from supported
           on conflict (lom_id, lom_type_id) do nothing
           returning 1)
        select count(*)::int as n from put`,
  );
  return { added: added?.n ?? 0, removed: removed?.n ?? 0 };
}
