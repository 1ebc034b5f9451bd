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
  const where: SQL[] = [];
  const m = messages;
  if (filter.wrote_at_after) where.push(gte(m.wroteAt, filter.wrote_at_after));
  if (filter.wrote_at_before) where.push(lt(m.wroteAt, filter.wrote_at_before));
  const lists: [number[] | undefined, AnyPgColumn][] = [
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
  for (const [ids, column] of lists) {
    if (ids?.length) where.push(inArray(column, ids));
  }
  const flags = [
    [filter.archived, m.archived],
    [filter.delayed, m.delayed],
    [filter.trash, m.trash],
    [filter.verified, m.verified],
    [filter.verified_by_super_editor, m.verifiedBySuperEditor],
    [filter.verified_ai, m.verifiedAi],
    [filter.from_zephyr, m.fromZephyr],
    [filter.is_manual, m.isManual],
  ] as const;
  for (const [value, column] of flags) {
    if (value !== undefined) where.push(eq(column, value));
  }
  if (filter.rubric_in?.length) {
    where.push(
      sql`exists (select 1 from ${messageRubrics} where ${messageRubrics.messageId} = ${m.id} and ${inArray(messageRubrics.rubricId, filter.rubric_in)})`,
    );
  }
  if (filter.tag_in?.length) {
    where.push(
      sql`exists (select 1 from ${messageTags} where ${messageTags.messageId} = ${m.id} and ${inArray(messageTags.tagId, filter.tag_in)})`,
    );
  }
  if (filter.soc_panel !== undefined) {
    const l = socialPanelLoms;
    where.push(
      sql`${m.lomId} in (select ${l.lomId} from ${l} where ${l.panelId} = ${filter.soc_panel} and not ${l.isCandidate})`,
    );
  }
  if (filter.panelist !== undefined) {
    const p = socialPanelists;
    where.push(sql`${m.lomId} in (select unnest(${p.lomIds}) from ${p} where ${p.id} = ${filter.panelist})`);
  }
  // The query language over the full-text index (docs/search.md), one compiler for every message search.
  if (filter.search) where.push(searchCondition(filter.search));
  return where;
}

/** `and(...)` of the conditions; undefined (no WHERE) for an empty filter. */
export function messageFilterWhere(filter: Omit<MessageFilter, 'ordering'>): SQL | undefined {
  return and(...messageFilterConditions(filter));
}
