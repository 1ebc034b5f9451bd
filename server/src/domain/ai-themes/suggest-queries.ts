import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';
import type { TextRow } from './queries.ts';

// The SQL of the suggestions (suggest.ts, docs/ai-themes.md "Suggestions").

const TEXT_OF = (alias: string) =>
  sql.raw(
    `regexp_replace(${alias}.text || ' ' || coalesce(${alias}.extra_source_text, ''), '<[^>]*>', ' ', 'g')`,
  );

/** The themes a message can be suggested into: approved, active, not archived. */
const SUGGESTABLE = sql.raw('t.approved and t.active and not t.archived');

/** The ids of the suggestable themes, as one string: the centroid cache is rebuilt when it changes. */
export async function approvedThemeKey(db: Db): Promise<string> {
  const [row] = await queryRows<{ key: string | null }>(
    db,
    sql`select string_agg(t.id::text, ',' order by t.id) as key from themes t where ${SUGGESTABLE}`,
  );
  return row.key ?? '';
}

/**
 * The newest `sample` messages of the last `days` days of each suggestable theme (not trash), read
 * per theme along messages_theme_cover_idx (theme_id, wrote_at).
 */
export function approvedThemeSamples(
  db: Db,
  days: number,
  sample: number,
): Promise<{ theme_id: number; text: string }[]> {
  return queryRows(
    db,
    sql`select t.id as theme_id, s.text
          from themes t
          cross join lateral (
            select ${TEXT_OF('m')} as text from messages m
             where m.theme_id = t.id and m.wrote_at >= now() - make_interval(days => ${days}) and not m.trash
             order by m.wrote_at desc limit ${sample}) s
         where ${SUGGESTABLE}
         order by t.id`,
  );
}

/** The texts of those messages that have no theme and are not trash, by id. */
export function unthemedTexts(db: Db, messageIds: readonly number[]): Promise<TextRow[]> {
  return queryRows<TextRow>(
    db,
    sql`select m.id, ${TEXT_OF('m')} as text from messages m
         where m.id = any(${pgArray(messageIds)}::int[]) and m.theme_id is null and not m.trash
         order by m.id`,
  );
}

export interface Suggestion {
  messageId: number;
  themeId: number;
  score: number;
}

/** Writes the suggestions as AI markups, skipping a message that already has a markup of the theme. */
export async function insertSuggestions(db: Db, suggestions: readonly Suggestion[]): Promise<Suggestion[]> {
  if (suggestions.length === 0) return [];
  const rows = await queryRows<{ message_id: number; theme_id: number; ai_score: number }>(
    db,
    sql`insert into message_markups (message_id, theme_id, ai, ai_score)
        select u.message_id, u.theme_id, true, u.score
          from unnest(${pgArray(suggestions.map((s) => s.messageId))}::int[],
                      ${pgArray(suggestions.map((s) => s.themeId))}::int[],
                      ${pgArray(suggestions.map((s) => Math.round(s.score * 1000) / 1000))}::real[])
               as u(message_id, theme_id, score)
         where not exists (select 1 from message_markups mm
                            where mm.message_id = u.message_id and mm.theme_id = u.theme_id)
        returning message_id, theme_id, ai_score`,
  );
  return rows.map((r) => ({ messageId: r.message_id, themeId: r.theme_id, score: r.ai_score }));
}
