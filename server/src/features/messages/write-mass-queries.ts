import { ACTION_TYPE, type MessageFilter } from '@monitoring/contracts';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import type { Classification } from '../../domain/editing/classification.ts';
import { messageFilterConditions } from '../../domain/filters/message-filter-queries.ts';
import { pgArray } from '../../domain/pg-array.ts';

// The SQL of mass edits (write-mass.ts): a few set-based statements per edit.

export interface Plan {
  sets: SQL[];
  /** Columns logged with old and new values. */
  logged: string[];
  rubrics?: number[];
  tags?: number[];
}

/** The SET list of a mass edit: `updated_at`, the given columns, then the classification. */
export function massSets(columns: readonly (readonly [string, unknown])[], c: Classification | null): SQL[] {
  const sets: SQL[] = [sql`updated_at = now()`];
  for (const [column, value] of columns) sets.push(sql`${sql.raw(column)} = ${value}`);
  if (c) {
    if (c.themeId !== undefined) sets.push(sql`theme_id = ${c.themeId}::int`);
    if (c.infoReasonId !== undefined) sets.push(sql`info_reason_id = ${c.infoReasonId}::int`);
    else if (c.dropStale) {
      sets.push(sql`info_reason_id = case when exists (
        select 1 from info_reasons ir where ir.id = m.info_reason_id
           and ir.theme_id is not null and ir.theme_id is distinct from ${c.themeId ?? null}::int)
        then null else m.info_reason_id end`);
    }
  }
  return sets;
}

const LINKS = {
  rubrics: { table: 'message_rubrics', column: 'rubric_id' },
  tags: { table: 'message_tags', column: 'tag_id' },
} as const;

function oldLinks(kind: keyof typeof LINKS): SQL {
  const { table, column } = LINKS[kind];
  return sql.raw(`coalesce((select jsonb_agg(l.${column} order by l.${column}) from ${table} l
                     where l.message_id = messages.id), '[]'::jsonb) as ${kind}`);
}

/** Applies the plan to the locked messages; returns how many were updated. */
export async function applyMassEdit(
  db: Db,
  userId: number,
  ids: number[],
  p: Plan,
  action: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const idList = sql`${pgArray(ids)}::int[]`;
  const oldPairs: SQL[] = p.logged.map((c) => sql.raw(`'${c}', old.${c}`));
  const newPairs: SQL[] = p.logged.map((c) => sql.raw(`'${c}', upd.${c}`));
  for (const kind of ['rubrics', 'tags'] as const) {
    const value = p[kind];
    if (!value) continue;
    oldPairs.push(sql.raw(`'${kind}', old.${kind}`));
    newPairs.push(sql`${kind}::text, ${JSON.stringify(value)}::jsonb`);
  }
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with old as (
          select id, mood, theme_id, info_reason_id, state, verified, verified_ai, delayed, archived, trash,
                 ${oldLinks('rubrics')}, ${oldLinks('tags')}
            from messages where id = any(${idList})
        ), upd as (
          update messages m set ${sql.join(p.sets, sql`, `)} from old where m.id = old.id
          returning m.id, m.lom_id, m.mood, m.theme_id, m.info_reason_id, m.state, m.verified, m.verified_ai,
                    m.delayed, m.archived, m.trash
        ), logged as (
          insert into user_actions (user_id, type, action, message_id, lom_id, theme_id, info_reason_id, old_value, new_value)
          select ${userId}, ${ACTION_TYPE.message}, ${action}, upd.id, upd.lom_id, upd.theme_id, upd.info_reason_id,
                 jsonb_build_object(${sql.join(oldPairs, sql`, `)}), jsonb_build_object(${sql.join(newPairs, sql`, `)})
            from old join upd on upd.id = old.id
          returning 1
        )
        select count(*)::int as n from logged`,
  );
  for (const kind of ['rubrics', 'tags'] as const) {
    const value = p[kind];
    if (!value) continue;
    const { table, column } = LINKS[kind];
    await db.execute(sql`delete from ${sql.raw(table)} where message_id = any(${idList})`);
    if (value.length > 0) {
      await db.execute(sql`insert into ${sql.raw(table)} (message_id, ${sql.raw(column)})
        select i, v from unnest(${idList}) as i cross join unnest(${pgArray(value)}::int[]) as v`);
    }
  }
  return row?.n ?? 0;
}

/** Locks the given messages in id order; returns the ids found. */
export async function lockMessageIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(inArray(messages.id, [...ids]))
    .orderBy(asc(messages.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Locks every message the filter matches in id order; returns their ids. */
export async function lockFilteredMessageIds(db: Db, filter: MessageFilter): Promise<number[]> {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(...messageFilterConditions(filter)))
    .orderBy(asc(messages.id))
    .for('update');
  return rows.map((r) => r.id);
}
