import { expandMoodFilter, type MessageFilter } from '@monitoring/contracts';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  messageRubrics,
  messages,
  messageTags,
  socialPanelists,
  socialPanelLoms,
} from '../../db/schema/index.ts';
import { searchCondition } from '../search/search-queries.ts';

/** `%` and `_` in a name search are literal characters, not patterns (message text has the query language). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The conditions of a message filter over the `messages` table, ready for
 * `and(...)`. Every column condition is one the covering `messages_wrote_at_idx`
 * can test; rubrics and tags go through EXISTS on their link tables.
 * Role rules are not applied here (see `withRoleDefaults`): a mass update by
 * filter must touch exactly what the filter says.
 */
export function messageFilterConditions(filter: Omit<MessageFilter, 'ordering'>): SQL[] {
  const { lists, flags, others } = messageFilterParts(filter);
  return [
    ...lists.map(({ column, ids }) => inArray(column, ids)),
    ...flags.map(({ column, value }) => eq(column, value)),
    ...others,
  ];
}

/** A list filter of a message filter: the column must be one of the ids. */
export interface ListFilterPart {
  column: AnyPgColumn;
  ids: number[];
}

/** A flag filter of a message filter: the column must equal the value. */
export interface FlagFilterPart {
  column: AnyPgColumn;
  value: boolean;
}

/**
 * A message filter's conditions in three parts: its lists (`column in ids`), its flags (`column = value`) and every
 * other condition, the search last. messageFilterConditions joins them; the alert engine matches many alerts' lists
 * and flags in one statement, as rows of values (docs/alerts.md "Speed").
 */
export function messageFilterParts(filter: Omit<MessageFilter, 'ordering'>): {
  lists: ListFilterPart[];
  flags: FlagFilterPart[];
  others: SQL[];
} {
  const m = messages;
  const listed: [number[] | undefined, AnyPgColumn][] = [
    [filter.id_in, m.id],
    [filter.lom_in, m.lomId],
    [filter.theme_in, m.themeId],
    [filter.info_reason_in, m.infoReasonId],
    [filter.region_in, m.regionId],
    [filter.city_in, m.cityId],
    [filter.type_in, m.contentTypeId],
    [filter.message_type_in, m.messageType],
    [filter.state_in, m.state],
    [filter.source_in, m.sourceId],
    [filter.mood_in && expandMoodFilter(filter.mood_in), m.mood],
  ];
  const lists = listed.flatMap(([ids, column]) => (ids?.length ? [{ column, ids }] : []));
  const flagged = [
    [filter.archived, m.archived],
    [filter.delayed, m.delayed],
    [filter.trash, m.trash],
    [filter.verified, m.verified],
    [filter.verified_by_super_editor, m.verifiedBySuperEditor],
    [filter.verified_ai, m.verifiedAi],
    [filter.from_zephyr, m.fromZephyr],
    [filter.is_manual, m.isManual],
  ] as const;
  const flags = flagged.flatMap(([value, column]) => (value === undefined ? [] : [{ column, value }]));
  const others: SQL[] = [];
  if (filter.wrote_at_after) others.push(gte(m.wroteAt, filter.wrote_at_after));
  if (filter.wrote_at_before) others.push(lt(m.wroteAt, filter.wrote_at_before));
  if (filter.rubric_in?.length) {
    others.push(
      sql`exists (select 1 from ${messageRubrics} where ${messageRubrics.messageId} = ${m.id} and ${inArray(messageRubrics.rubricId, filter.rubric_in)})`,
    );
  }
  if (filter.tag_in?.length) {
    others.push(
      sql`exists (select 1 from ${messageTags} where ${messageTags.messageId} = ${m.id} and ${inArray(messageTags.tagId, filter.tag_in)})`,
    );
  }
  if (filter.soc_panel !== undefined) {
    const l = socialPanelLoms;
    others.push(
      sql`${m.lomId} in (select ${l.lomId} from ${l} where ${l.panelId} = ${filter.soc_panel} and not ${l.isCandidate})`,
    );
  }
  if (filter.panelist !== undefined) {
    const p = socialPanelists;
    others.push(sql`${m.lomId} in (select unnest(${p.lomIds}) from ${p} where ${p.id} = ${filter.panelist})`);
  }
  // The query language over the full-text index (docs/search.md), one compiler for every message search.
  if (filter.search) others.push(searchCondition(filter.search));
  return { lists, flags, others };
}

/** `and(...)` of the conditions; undefined (no WHERE) for an empty filter. */
export function messageFilterWhere(filter: Omit<MessageFilter, 'ordering'>): SQL | undefined {
  return and(...messageFilterConditions(filter));
}
