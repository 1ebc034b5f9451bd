import type { MessageFields, MessageFilter } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { refreshMessageAggregates } from '../../domain/aggregates/rollup-queries.ts';
import { type Classification, resolveClassification } from '../../domain/editing/classification.ts';
import { missingRubrics, missingTags } from '../../domain/editing/lookup-queries.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  applyMassEdit,
  lockFilteredMessageIds,
  lockMessageIds,
  massSets,
  type Plan,
} from './write-mass-queries.ts';

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

const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function plan(db: Db, fields: MessageFields, prefix: string): Promise<Plan> {
  const columns: [string, unknown][] = [];
  const logged: string[] = [];
  for (const [field, column] of Object.entries(COLUMNS) as [ColumnField, string][]) {
    const value = fields[field];
    if (value === undefined) continue;
    columns.push([column, value]);
    logged.push(column);
  }
  let c: Classification | null = null;
  if (fields.theme !== undefined || fields.info_reason !== undefined) {
    c = await resolveClassification(
      db,
      { theme: fields.theme, info_reason: fields.info_reason },
      { theme: `${prefix}theme`, info_reason: `${prefix}info_reason` },
    );
    logged.push('theme_id', 'info_reason_id');
  }
  const sets = massSets(columns, c);
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

function touchesAggregates(fields: MessageFields): boolean {
  return AGGREGATE_FIELDS.some((field) => fields[field] !== undefined);
}

async function run(db: Db, userId: number, ids: number[], fields: MessageFields, p: Plan, action: string) {
  const updated = await applyMassEdit(db, userId, ids, p, action);
  if (touchesAggregates(fields)) await refreshMessageAggregates(db, ids);
  return updated;
}

/** PATCH v3 messages/fields/: the fields on exactly the given messages; 404 when one is missing. */
export async function massEditByIds(db: Db, userId: number, ids: readonly number[], fields: MessageFields) {
  const unique = sorted(ids);
  return db.transaction(async (tx) => {
    const p = await plan(tx, fields, '');
    const found = new Set(await lockMessageIds(tx, unique));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(`Сообщения не найдены: ${missing.join(', ')}`);
    // One message (the editor's mood and tags go through this call) is a single edit, not a mass one.
    return run(tx, userId, unique, fields, p, unique.length === 1 ? 'message.fields' : 'message.mass_update');
  });
}

/** PATCH filtered-message-mass-update/: the fields on every message the filter matches, all or none. */
export async function massEditByFilter(db: Db, userId: number, filter: MessageFilter, fields: MessageFields) {
  return db.transaction(async (tx) => {
    const p = await plan(tx, fields, 'fields.');
    const ids = await lockFilteredMessageIds(tx, filter);
    return run(tx, userId, ids, fields, p, 'message.filtered_mass_update');
  });
}
