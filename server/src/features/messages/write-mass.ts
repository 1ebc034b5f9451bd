import type { MessageFields, MessageFilter } from '@monitoring/contracts';
import { ACTION_TYPE } from '@monitoring/contracts';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { messageFilterConditions } from '../../domain/message-filter.ts';
import { pgArray } from '../../domain/pg-array.ts';
import { refreshMessageAggregates } from '../../domain/rollup-queries.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type Classification, resolveClassification } from './write-classify.ts';

import { missingRubrics, missingTags } from './write-queries.ts';

/**
 * Mass edits: messages/fields/ (by ids) and filtered-message-mass-update/ (by filter).
 * One transaction each; the change, one action-log row per message (old and new values
 * of the fields set) and the aggregates are written by a few set-based statements, so
 * a filter matching a month of messages is as atomic as a page of ids.
 */

type ColumnField = Exclude<keyof MessageFields, 'rubrics' | 'tags' | 'theme' | 'info_reason'>;

/** Message columns a mass edit may set directly; theme and info reason go through the classification. */
const COLUMNS: Record<ColumnField, string> = {
  mood: 'mood',
  state: 'state',
  verified: 'verified',
  verified_ai: 'verified_ai',
  delayed: 'delayed',
  archived: 'archived',
  trash: 'trash',
};

/** Fields whose change moves messages between rollup rows or lom metrics. */
const AGGREGATE_FIELDS: readonly (keyof MessageFields)[] = [
  'mood',
  'theme',
  'info_reason',
  'verified',
  'delayed',
  'archived',
  'trash',
];

interface Plan {
  sets: SQL[];
  /** Columns logged with old and new values. */
  logged: string[];
  rubrics?: number[];
  tags?: number[];
}

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function plan(db: Db, fields: MessageFields, prefix: string): Promise<Plan> {
  const sets: SQL[] = [sql`updated_at = now()`];
  const logged: string[] = [];
  for (const [field, column] of Object.entries(COLUMNS) as [ColumnField, string][]) {
    const value = fields[field];
    if (value === undefined) continue;
    sets.push(sql`${sql.raw(column)} = ${value}`);
    logged.push(column);
  }
  if (fields.theme !== undefined || fields.info_reason !== undefined) {
    const c: Classification = await resolveClassification(
      db,
      { theme: fields.theme, info_reason: fields.info_reason },
      { theme: `${prefix}theme`, info_reason: `${prefix}info_reason` },
    );
    if (c.themeId !== undefined) sets.push(sql`theme_id = ${c.themeId}::int`);
    if (c.infoReasonId !== undefined) sets.push(sql`info_reason_id = ${c.infoReasonId}::int`);
    else if (c.dropStale) {
      sets.push(sql`info_reason_id = case when exists (
        select 1 from info_reasons ir where ir.id = m.info_reason_id
           and ir.theme_id is not null and ir.theme_id is distinct from ${c.themeId ?? null}::int)
        then null else m.info_reason_id end`);
    }
    logged.push('theme_id', 'info_reason_id');
  }
  const result: Plan = { sets, logged };
  if (fields.rubrics) {
    const missing = await missingRubrics(db, fields.rubrics);
    if (missing.length > 0) throw badRequest(`Рубрики не найдены: ${missing.join(', ')}`, `${prefix}rubrics`);
    result.rubrics = sorted(fields.rubrics);
  }
  if (fields.tags) {
    const missing = await missingTags(db, fields.tags);
    if (missing.length > 0) throw badRequest(`Теги не найдены: ${missing.join(', ')}`, `${prefix}tags`);
    result.tags = sorted(fields.tags);
  }
  return result;
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
async function apply(db: Db, userId: number, ids: number[], p: Plan, action: string): Promise<number> {
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

function touchesAggregates(fields: MessageFields): boolean {
  return AGGREGATE_FIELDS.some((field) => fields[field] !== undefined);
}

async function run(db: Db, userId: number, ids: number[], fields: MessageFields, p: Plan, action: string) {
  const updated = await apply(db, userId, ids, p, action);
  if (touchesAggregates(fields)) await refreshMessageAggregates(db, ids);
  return updated;
}

/** PATCH v3 messages/fields/: the fields on exactly the given messages; 404 when one is missing. */
export async function massEditByIds(db: Db, userId: number, ids: readonly number[], fields: MessageFields) {
  const unique = sorted(ids);
  return db.transaction(async (tx) => {
    const p = await plan(tx, fields, '');
    const rows = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(inArray(messages.id, unique))
      .orderBy(asc(messages.id))
      .for('update');
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(`Сообщения не найдены: ${missing.join(', ')}`);
    return run(tx, userId, unique, fields, p, 'message.mass_update');
  });
}

/** PATCH filtered-message-mass-update/: the fields on every message the filter matches, all or none. */
export async function massEditByFilter(db: Db, userId: number, filter: MessageFilter, fields: MessageFields) {
  return db.transaction(async (tx) => {
    const p = await plan(tx, fields, 'fields.');
    const rows = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(...messageFilterConditions(filter)))
      .orderBy(asc(messages.id))
      .for('update');
    return run(
      tx,
      userId,
      rows.map((r) => r.id),
      fields,
      p,
      'message.filtered_mass_update',
    );
  });
}
